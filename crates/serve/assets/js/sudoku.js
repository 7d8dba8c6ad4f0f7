// The Sudoku tab: a board to play, with three kinds of marks, colours, highlights, undo, hints
// that teach, a history of solves, print and export. The state and rules are in
// sudoku-game.js, the drawing in sudoku-board.js, the keys in sudoku-keys.js.

import { $, api, download } from "./common.js";
import * as G from "./sudoku-game.js";
import { S, sym, digitOf, MODES, COLOURS } from "./sudoku-game.js";
import { build, draw as drawBoard, cellAt } from "./sudoku-board.js";
import * as keys from "./sudoku-keys.js";
import * as solves from "./sudoku-history.js";

function say(text, kind) {
  const m = $("message");
  m.textContent = text;
  m.className = "message" + (kind ? " " + kind : "");
}

function draw() {
  if (!S.game) return;
  drawBoard();
  for (const m of MODES) $(`mode-${m}`).setAttribute("aria-pressed", String(S.mode === m));
  $("palette").hidden = !S.mode.endsWith("colour");
  for (const b of $("palette").children) b.setAttribute("aria-pressed", String(S.mode === "candidate-colour" && Number(b.dataset.colour) === S.colour));
  for (const b of $("filters").children) if (b.dataset.filter) b.setAttribute("aria-pressed", String(String(S.filter) === b.dataset.filter));
  $("automarks").setAttribute("aria-pressed", String(S.autoMarks));
  $("undo").disabled = !S.undo.length;
  $("redo").disabled = !S.redo.length;
  const h = S.hint;
  $("apply-hint").disabled = !(h && h.level === 3 && (h.data.kind === "step" || h.data.kind === "reveal"));
  drawTimer();
}

G.hooks.changed = () => {
  for (const li of $("steps").children) li.classList.remove("current");
  const g = S.game;
  if (g.values.every((v) => v) && G.conflicts().size === 0) verifySolved();
  draw();
};

// ---------------------------------------------------------------- a new game

function start(line, level) {
  if (!G.newGame(line, level)) {
    say("this page plays square grids (4×4, 9×9, 16×16); the API takes the others", "bad");
    return false;
  }
  $("steps").innerHTML = "";
  rebuild();
  return true;
}

// The board and keypad for the game's shape.
function rebuild() {
  build();
  const k = $("keypad");
  k.innerHTML = "";
  for (let d = 1; d <= S.game.n; d++) {
    const btn = document.createElement("button");
    btn.textContent = sym(d);
    btn.dataset.digit = d;
    btn.setAttribute("aria-label", `digit ${sym(d)}`);
    btn.addEventListener("click", () => input(d));
    k.appendChild(btn);
  }
  const erase = document.createElement("button");
  erase.textContent = "⌫";
  erase.title = "Erase (Backspace)";
  erase.setAttribute("aria-label", "erase");
  erase.addEventListener("click", G.erase);
  k.appendChild(erase);
  const f = $("filters");
  f.innerHTML = "";
  for (const v of [...Array(S.game.n).keys()].map((d) => d + 1).concat(["pairs"])) {
    const b = document.createElement("button");
    b.textContent = v === "pairs" ? "pairs" : sym(v);
    b.dataset.filter = v;
    b.title = v === "pairs" ? "Highlight the cells with two candidates (H)" : `Highlight ${sym(v)} (H)`;
    b.setAttribute("aria-label", v === "pairs" ? "pairs: highlight the cells with two candidates" : `highlight ${sym(v)}`);
    b.addEventListener("click", () => {
      S.filter = String(S.filter) === String(v) ? 0 : v;
      draw();
    });
    f.appendChild(b);
  }
  draw();
}

// Pointer on the board: a press selects (Shift or Ctrl adds), a drag adds the cells it
// crosses; in candidate-colour mode a press on a candidate paints it. Keys go to the table
// of shortcuts. Listened to once: the board element outlives its cells.
function listen(board) {
  let dragging = false;
  board.addEventListener("pointerdown", (e) => {
    const i = cellAt(e.clientX, e.clientY);
    if (i < 0 || !S.game) return;
    const digit = Number(e.target.dataset && e.target.dataset.digit);
    if (S.mode === "candidate-colour" && digit && e.target.textContent) {
      G.paintCandidate(digit, S.colour, [i]);
      return;
    }
    G.select(i, e.shiftKey || e.ctrlKey || e.metaKey ? "toggle" : false);
    S.shown = null;
    dragging = true;
    board.focus();
    draw();
  });
  board.addEventListener("pointermove", (e) => {
    if (!dragging || !e.buttons) return;
    const i = cellAt(e.clientX, e.clientY);
    if (i >= 0 && !S.selection.has(i)) {
      G.select(i, "add");
      draw();
    }
  });
  window.addEventListener("pointerup", () => (dragging = false));
  board.addEventListener("keydown", (e) => {
    if (S.game && keys.handle(e, actions, S.game.n)) e.preventDefault();
  });
  // Escape leaves a step on show from anywhere on the tab (the list of steps has the focus
  // after a click), unless a dialog takes it.
  $("sudoku").addEventListener("keydown", (e) => {
    if (e.key === "Escape" && e.target !== board && (S.shown || S.hint) && !document.querySelector("dialog[open]")) actions.escape();
  });
}

// ---------------------------------------------------------------- input

// A digit or keypad press, by mode.
function input(d) {
  if (!S.game) return;
  if (S.mode === "digit") G.enterDigit(d);
  else if (S.mode === "candidate") G.toggleMark("marks", d);
  else if (S.mode === "corner") G.toggleMark("corner", d);
  else if (S.mode === "centre") G.toggleMark("centre", d);
  else if (S.mode === "colour") d <= COLOURS.length && G.paintCells(d);
  else G.paintCandidate(d, S.colour);
}

// `toggle` sends a second press of the same mode back to digits (P and Space).
function setMode(mode, toggle) {
  S.mode = toggle && S.mode === mode ? "digit" : mode;
  draw();
}

function move([dr, dc], extend) {
  const n = S.game.n;
  const r = Math.floor(S.cursor / n), c = S.cursor % n;
  G.select(((r + dr + n) % n) * n + ((c + dc + n) % n), extend ? "add" : false);
  S.shown = null;
  draw();
}

const FILTERS = () => [0, ...[...Array(S.game.n).keys()].map((d) => d + 1), "pairs"];

const actions = {
  input,
  mark: (kind, d) => G.toggleMark(kind, d),
  setMode,
  move,
  selectAll: () => {
    G.selectAll();
    draw();
  },
  erase: G.erase,
  cycleFilter: () => {
    const f = FILTERS();
    S.filter = f[(f.findIndex((x) => String(x) === String(S.filter)) + 1) % f.length];
    draw();
  },
  undo: G.undo,
  redo: G.redo,
  escape: () => {
    if (S.hint || S.shown) {
      S.hint = S.shown = null;
      for (const li of $("steps").children) li.classList.remove("current");
    } else G.select(S.cursor, false);
    draw();
  },
  sheet: () => $("keys-dialog").showModal(),
};

// ---------------------------------------------------------------- hints and checks

function body(extra) {
  const g = S.game;
  return Object.assign({ puzzle: g.puzzle, grid: G.lineOf(g.values), marks: G.marksLine() }, extra || {});
}

// "a" or "an" before a technique's name: "an alternating inference chain", "a hidden pair".
function article(word) {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

async function askHint() {
  if (!S.game) return;
  const level = S.hint ? Math.min(S.hint.level + 1, 3) : 1;
  try {
    const j = await api("/api/sudoku/hint", body({ level }));
    S.hint = { level, data: j };
    S.shown = null;
    if (j.kind === "mistake") {
      S.wrong = new Set(j.cells.map((c) => c.cell));
      say(j.message, "bad");
    } else if (j.kind === "solved") {
      celebrate();
    } else if (j.kind === "reveal") {
      S.hint.level = 3;
      S.game.hints++;
      say(j.message);
    } else if (j.kind === "step") {
      if (level === 1) S.game.hints++;
      if (level === 1) say(`Hint: ${article(j.technique)} ${j.technique} — ${j.description}. (Press Hint again for where to look.)`);
      else if (level === 2) say(`Hint: ${article(j.technique)} ${j.technique}: ${j.where}. (Press Hint again for the whole step.)`);
      else say(`${j.technique} (${j.rating.toFixed(1)}): ${j.explanation}${j.links && j.links.length ? " (links: strong solid, weak dashed)" : ""}`);
    } else {
      say(j.message || j.status, "bad");
    }
    G.save();
  } catch (e) {
    say(e.message, "bad");
  }
  draw();
}

function applyHint() {
  if (!S.hint || S.hint.level !== 3) return;
  G.applyStep(S.hint.data);
  say("applied");
}

async function check() {
  try {
    const j = await api("/api/sudoku/check", body());
    S.wrong = new Set((j.wrong || []).map((c) => c.cell));
    if (j.solved) say("solved — well done!", "good");
    else if (j.conflicts.length) say(`${j.conflicts.length} cells repeat a digit`, "bad");
    else if (S.wrong.size) say(`${S.wrong.size} entries are not right (underlined)`, "bad");
    else if (!j.unique) say(j.message, "bad");
    else say("no mistake so far", "good");
  } catch (e) {
    say(e.message, "bad");
  }
  draw();
}

// What `/api/sudoku/solve` found, in words: `unique`, `several`, `none` or `unknown`.
function solutions(j) {
  if (j.unique) return "unique";
  if (j.count >= 2) return "several";
  return j.status === "unsatisfiable" ? "none" : "unknown";
}

async function unique() {
  try {
    const j = await api("/api/sudoku/solve", { puzzle: S.game.puzzle });
    const found = solutions(j);
    const text = {
      unique: "the puzzle has exactly one solution",
      several: "the puzzle has more than one solution",
      none: "the puzzle has no solution",
      unknown: "the time limit came first",
    }[found];
    say(text, found === "unique" ? "good" : "bad");
  } catch (e) {
    say(e.message, "bad");
  }
}

async function solve() {
  try {
    const j = await api("/api/sudoku/solve", { puzzle: S.game.puzzle });
    if (!j.solution) {
      say(j.status === "unknown" ? "the time limit came first" : "the puzzle has no solution", "bad");
      return;
    }
    S.game.revealed = true;
    G.change(() => {
      S.game.values = [...j.solution].map(digitOf);
    });
    say(j.unique ? "the solution, shown by the solver (the only one)" : "one of several solutions, shown by the solver", j.unique ? "" : "bad");
  } catch (e) {
    say(e.message, "bad");
  }
}

async function rate() {
  say("rating…");
  try {
    const j = await api("/api/sudoku/rate", { puzzle: S.game.puzzle });
    if (j.rating) {
      const r = j.rating;
      say(`${r.level}: ER ${r.er.toFixed(1)} / EP ${r.ep.toFixed(1)} / ED ${r.ed.toFixed(1)}, hardest step: ${r.hardest || "—"}${r.solved_by_logic ? "" : " (estimate: beyond the techniques here)"}`);
    } else {
      say(j.message, "bad");
    }
  } catch (e) {
    say(e.message, "bad");
  }
}

async function explain() {
  say("explaining…");
  try {
    const j = await api("/api/sudoku/path", body());
    if (!j.steps) {
      // Wrong entries come back as a mistake: underline them, as Check does.
      if (j.kind === "mistake") S.wrong = new Set(j.cells.map((c) => c.cell));
      say(j.message, "bad");
      draw();
      return;
    }
    const ol = $("steps");
    ol.innerHTML = "";
    // The values before each step, replayed from the current grid.
    const values = S.game.values.slice();
    j.steps.forEach((s) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.className = "step";
      b.textContent = `${s.technique} (${s.rating.toFixed(1)}): ${s.explanation}`;
      const before = values.slice();
      b.addEventListener("click", () => {
        S.shown = Object.assign({ values: before }, s);
        S.hint = null;
        for (const x of ol.children) x.classList.toggle("current", x === li);
        say(`${s.technique}: ${s.explanation} (Esc or a click on the board returns to the game)`);
        draw();
      });
      li.appendChild(b);
      ol.appendChild(li);
      for (const p of s.placements) values[p.cell] = p.digit;
    });
    say(`${j.steps.length} steps${j.solved ? " to the end" : ", then no implemented technique applies"}; the hardest rates ${j.hardest.toFixed(1)}. Click a step to see it.`);
  } catch (e) {
    say(e.message, "bad");
  }
}

// ---------------------------------------------------------------- new puzzles

// Which request for a new game is the latest: an answer to an older one (the first
// puzzle still generating when the player pastes one) is dropped, never replacing the game.
let gameRequest = 0;

async function newPuzzle() {
  const level = $("level").value;
  say(`making a ${level} puzzle…`);
  $("new").disabled = true;
  const mine = ++gameRequest;
  try {
    const j = await api("/api/sudoku/generate", { level });
    if (mine !== gameRequest) return;
    if (!j.puzzle) {
      say(j.message, "bad");
      return;
    }
    start(j.puzzle, j.rating ? j.rating.level : level);
    say(j.rating ? `a new ${j.rating.level} puzzle (ER ${j.rating.er.toFixed(1)})` : "a new puzzle");
  } catch (e) {
    say(e.message, "bad");
  } finally {
    $("new").disabled = false;
  }
}

async function pasted(text) {
  const mine = ++gameRequest;
  try {
    const j = await api("/api/sudoku/solve", { puzzle: text });
    if (mine !== gameRequest) return;
    if (!start(j.puzzle)) return;
    const found = solutions(j);
    if (found !== "unique") {
      say(found === "several" ? "note: this puzzle has more than one solution" : found === "none" ? "note: this puzzle has no solution" : "", "bad");
      return;
    }
    say("a puzzle with one solution: have fun");
    // The level box follows the puzzle, so "New puzzle" makes one like it.
    const r = await api("/api/sudoku/rate", { puzzle: j.puzzle });
    if (r.rating && mine === gameRequest) {
      $("level").value = r.rating.level;
      S.game.level = r.rating.level;
      G.save();
      say(`${article(r.rating.level)} ${r.rating.level} puzzle (ER ${r.rating.er.toFixed(1)}) with one solution: have fun`);
    }
  } catch (e) {
    say(e.message, "bad");
  }
}

// ---------------------------------------------------------------- the end

function verifySolved() {
  api("/api/sudoku/check", body())
    .then((j) => {
      if (j.solved) celebrate();
    })
    .catch((e) => say(e.message, "bad"));
}

function celebrate() {
  const g = S.game;
  g.solved = true;
  G.save();
  // A grid the Solve button filled is shown, not won, and not recorded.
  if (g.revealed) {
    say("the solution, shown by the solver");
  } else {
    solves.record({ puzzle: g.puzzle, level: g.level, seconds: g.seconds, hints: g.hints, started: g.started, date: Date.now() });
    say(`solved in ${solves.clock(g.seconds)}${g.hints ? ` with ${g.hints} hint${g.hints === 1 ? "" : "s"}` : ""} — well done!`, "good");
  }
  draw();
}

function drawTimer() {
  $("timer").textContent = S.game ? solves.clock(S.game.seconds) : "0:00";
}

setInterval(() => {
  const g = S.game;
  if (g && !g.solved && document.visibilityState === "visible") {
    g.seconds++;
    drawTimer();
    if (g.seconds % 5 === 0) G.save();
  }
}, 1000);

// ---------------------------------------------------------------- export

// The puzzle, the grid as played and the candidate marks, as a text file `csp sudoku` reads
// (the `#` lines are comments; the last line is the marks as a Sukaku string).
function exportText() {
  const g = S.game;
  const lines = [
    `# csp sudoku: ${g.level || "unrated"} puzzle, ${solves.clock(g.seconds)} played`,
    "# the puzzle",
    g.puzzle,
    "# the grid as played",
    G.lineOf(g.values),
    "# the candidate marks (n characters a cell)",
    G.marksLine(),
  ];
  download(`sudoku-${g.level || "puzzle"}.txt`, "text/plain", lines.join("\n") + "\n");
}

// ---------------------------------------------------------------- wiring

for (const m of MODES) $(`mode-${m}`).addEventListener("click", () => setMode(m));
COLOURS.forEach((name, k) => {
  const b = document.createElement("button");
  b.className = `swatch c${k + 1}`;
  b.dataset.colour = k + 1;
  b.title = `${name} (${k + 1} in cell-colour mode)`;
  b.setAttribute("aria-label", name);
  b.addEventListener("click", () => {
    S.colour = k + 1;
    if (S.mode === "colour") G.paintCells(k + 1);
    draw();
  });
  $("palette").appendChild(b);
});
$("automarks").addEventListener("click", () => {
  S.autoMarks = !S.autoMarks;
  draw();
});
$("fill-marks").addEventListener("click", () => {
  G.fillMarks();
  say("every candidate written in the marks: now cross out");
});
$("undo").addEventListener("click", G.undo);
$("redo").addEventListener("click", G.redo);
$("hint").addEventListener("click", askHint);
$("apply-hint").addEventListener("click", applyHint);
$("check").addEventListener("click", check);
$("unique").addEventListener("click", unique);
$("solve").addEventListener("click", solve);
$("rate").addEventListener("click", rate);
$("explain").addEventListener("click", explain);
$("new").addEventListener("click", newPuzzle);
$("paste").addEventListener("click", () => $("paste-dialog").showModal());
$("paste-dialog").addEventListener("close", () => {
  if ($("paste-dialog").returnValue === "ok") pasted($("paste-text").value);
});
listen($("board"));
$("show-keys").addEventListener("click", actions.sheet);
keys.sheet($("keys-table"));
$("show-history").addEventListener("click", () => {
  solves.show($("history-summary"), $("history-latest"));
  $("history-dialog").showModal();
});
$("print").addEventListener("click", () => window.print());
$("export").addEventListener("click", exportText);

if (G.load()) {
  rebuild();
  if (S.game.level) $("level").value = S.game.level;
} else newPuzzle();
