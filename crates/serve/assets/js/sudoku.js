// The Sudoku tab: a board to play, with pencil marks, undo, and hints that teach.

import { $, api } from "./common.js";

const STORE = "csp-sudoku";
const sym = (d) => (d <= 9 ? String(d) : String.fromCharCode(55 + d));
const digitOf = (ch) => {
  if (/^[1-9]$/.test(ch)) return Number(ch);
  if (/^[a-zA-Z]$/.test(ch)) return ch.toUpperCase().charCodeAt(0) - 55;
  return 0;
};

let game = null; // {puzzle, n, box, givens, values, marks, seconds, solved}
let history = [];
let future = [];
let selected = 0;
let pencil = false;
let autoMarks = false;
let hint = null; // {level, data}
let shown = null; // a step of the explained path drawn on the board
let checked = { wrong: new Set() };

function unitsOf(n, box) {
  const units = [];
  for (let r = 0; r < n; r++) units.push([...Array(n).keys()].map((c) => r * n + c));
  for (let c = 0; c < n; c++) units.push([...Array(n).keys()].map((r) => r * n + c));
  for (let b = 0; b < n; b++) {
    const r0 = Math.floor(b / box) * box, c0 = (b % box) * box, u = [];
    for (let i = 0; i < n; i++) u.push((r0 + Math.floor(i / box)) * n + c0 + (i % box));
    units.push(u);
  }
  return units;
}

function peersOf(cell) {
  const s = new Set();
  for (const u of game.units) if (u.includes(cell)) for (const x of u) if (x !== cell) s.add(x);
  return s;
}

function lineOf(values) {
  return values.map((v) => (v ? sym(v) : ".")).join("");
}

function parseLine(line) {
  const n = Math.round(Math.sqrt(line.length));
  const box = Math.round(Math.sqrt(n));
  if (n * n !== line.length || box * box !== n) return null;
  return { n, box, values: [...line].map((ch) => digitOf(ch)) };
}

function newGame(line) {
  const p = parseLine(line);
  if (!p) {
    say("this page plays square grids (4×4, 9×9, 16×16); the API takes the others", "bad");
    return;
  }
  game = {
    puzzle: line,
    n: p.n,
    box: p.box,
    givens: p.values.map((v) => v !== 0),
    values: p.values.slice(),
    marks: new Array(p.n * p.n).fill(0),
    seconds: 0,
    solved: false,
    revealed: false,
  };
  game.units = unitsOf(game.n, game.box);
  history = [];
  future = [];
  selected = game.values.findIndex((v) => v === 0);
  if (selected < 0) selected = 0;
  resetHint();
  $("steps").innerHTML = "";
  buildBoard();
  save();
  draw();
}

function save() {
  if (!game) return;
  const { units, ...rest } = game;
  localStorage.setItem(STORE, JSON.stringify({ game: rest, history: history.slice(-200), future: future.slice(-200) }));
}

function load() {
  try {
    const s = JSON.parse(localStorage.getItem(STORE));
    if (!s || !s.game || !parseLine(s.game.puzzle)) return false;
    game = s.game;
    game.units = unitsOf(game.n, game.box);
    history = s.history || [];
    future = s.future || [];
    selected = 0;
    buildBoard();
    draw();
    return true;
  } catch (e) {
    return false;
  }
}

function snapshot() {
  return { values: game.values.slice(), marks: game.marks.slice() };
}

function change(f) {
  if (!game || game.solved) return;
  history.push(snapshot());
  future = [];
  f();
  resetHint();
  checked.wrong = new Set();
  if (game.values.every((v) => v) && conflicts().size === 0) verifySolved();
  save();
  draw();
}

function undo() {
  if (!history.length) return;
  future.push(snapshot());
  Object.assign(game, history.pop());
  game.solved = false;
  resetHint();
  save();
  draw();
}

function redo() {
  if (!future.length) return;
  history.push(snapshot());
  Object.assign(game, future.pop());
  resetHint();
  save();
  draw();
}

function candidates(cell) {
  let m = 0;
  if (game.values[cell]) return 0;
  for (let d = 1; d <= game.n; d++) m |= 1 << (d - 1);
  for (const p of peersOf(cell)) if (game.values[p]) m &= ~(1 << (game.values[p] - 1));
  return m;
}

function conflicts() {
  const bad = new Set();
  for (const u of game.units) {
    for (let i = 0; i < u.length; i++) {
      for (let j = i + 1; j < u.length; j++) {
        const a = game.values[u[i]], b = game.values[u[j]];
        if (a && a === b) {
          bad.add(u[i]);
          bad.add(u[j]);
        }
      }
    }
  }
  return bad;
}

function enter(d) {
  if (!game || game.givens[selected]) return;
  if (pencil && d) {
    change(() => {
      if (game.values[selected]) return;
      game.marks[selected] ^= 1 << (d - 1);
    });
  } else {
    change(() => {
      game.values[selected] = game.values[selected] === d ? 0 : d;
      if (d) {
        // An entry removes its digit from the marks it sees.
        for (const p of peersOf(selected)) game.marks[p] &= ~(1 << (d - 1));
      }
    });
  }
}

function buildBoard() {
  const b = $("board");
  b.innerHTML = "";
  b.style.setProperty("--n", game.n);
  b.style.gridTemplateColumns = `repeat(${game.n}, 1fr)`;
  // Rows of equal height: a row of pencil marks only (absolutely placed) would collapse.
  b.style.gridTemplateRows = `repeat(${game.n}, 1fr)`;
  for (let i = 0; i < game.n * game.n; i++) {
    const c = document.createElement("div");
    c.className = "cell";
    c.dataset.cell = i;
    c.setAttribute("role", "gridcell");
    const r = Math.floor(i / game.n), col = i % game.n;
    if (col % game.box === game.box - 1 && col !== game.n - 1) c.classList.add("box-right");
    if (r % game.box === game.box - 1 && r !== game.n - 1) c.classList.add("box-bottom");
    c.addEventListener("click", () => {
      selected = i;
      shown = null;
      draw();
      $("board").focus();
    });
    b.appendChild(c);
  }
  const k = $("keypad");
  k.innerHTML = "";
  for (let d = 1; d <= game.n; d++) {
    const btn = document.createElement("button");
    btn.textContent = sym(d);
    btn.dataset.digit = d;
    btn.addEventListener("click", () => enter(d));
    k.appendChild(btn);
  }
  const erase = document.createElement("button");
  erase.textContent = "⌫";
  erase.title = "Erase (Backspace)";
  erase.addEventListener("click", () => change(() => (game.values[selected] = 0)));
  k.appendChild(erase);
}

// The marks of a cell: `mask` the digits shown; `computed` (with Auto marks) the candidates
// the rules leave, drawn light where the player has not written them.
function marksGrid(mask, elim, keep, computed) {
  const m = document.createElement("div");
  m.className = "marks";
  m.style.gridTemplateColumns = `repeat(${game.box}, 1fr)`;
  for (let d = 1; d <= game.n; d++) {
    const s = document.createElement("span");
    const bit = 1 << (d - 1);
    if (mask & bit) s.textContent = sym(d);
    else if (computed & bit) {
      s.textContent = sym(d);
      s.classList.add("computed");
    }
    if (elim && elim.has(d)) s.classList.add("elim");
    if (keep && keep.has(d)) s.classList.add("keep");
    m.appendChild(s);
  }
  return m;
}

// "Fill candidates": the computed candidates written into the player's own marks (one undo
// step), to eliminate from by hand.
function fillMarks() {
  change(() => {
    for (let i = 0; i < game.values.length; i++) if (!game.values[i]) game.marks[i] = candidates(i);
  });
  say("every candidate written in the marks: now cross out");
}

function draw() {
  if (!game) return;
  const step = shown || (hint && hint.level === 3 && hint.data.kind === "step" ? hint.data : null);
  const focus = new Set(), pattern = new Set(), place = new Map(), elim = new Map();
  if (hint && hint.data.kind === "step" && !shown && hint.level >= 2) for (const c of hint.data.focus || []) focus.add(c.cell);
  if (hint && hint.data.kind !== "step") for (const c of hint.data.cells || hint.data.placements || []) focus.add(c.cell);
  if (step || (hint && hint.level >= 2)) for (const c of (step || hint.data).pattern || []) pattern.add(c.cell);
  if (step) {
    for (const p of step.placements) place.set(p.cell, p.digit);
    for (const e of step.eliminations) {
      if (!elim.has(e.cell)) elim.set(e.cell, new Set());
      elim.get(e.cell).add(e.digit);
    }
  }
  // The candidates a step was found on (Sukaku string: n per cell).
  const stepMarks = step && step.marks ? step.marks : null;
  const bad = conflicts();
  const peers = peersOf(selected);
  const cells = $("board").children;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    const v = shown ? 0 : game.values[i];
    c.className = c.className.replace(/ (given|peer|same|focus|pattern|place|selected|conflict|wrong)\b/g, "");
    c.textContent = "";
    if (game.givens[i]) c.classList.add("given");
    if (!step && peers.has(i)) c.classList.add("peer");
    if (!step && v && v === game.values[selected]) c.classList.add("same");
    if (focus.has(i)) c.classList.add("focus");
    if (pattern.has(i)) c.classList.add("pattern");
    if (place.has(i)) c.classList.add("place");
    if (i === selected && !step) c.classList.add("selected");
    if (bad.has(i) && !shown) c.classList.add("conflict");
    if (checked.wrong.has(i)) c.classList.add("wrong");
    if (stepMarks) {
      // The grid as it was at the step: its values, else its candidates with the step's
      // eliminations struck and its placement in green.
      const value = shown ? shownValue(i) : game.values[i];
      if (value) {
        c.textContent = sym(value);
      } else {
        let m = 0;
        const s = stepMarks.slice(i * game.n, (i + 1) * game.n);
        for (let d = 1; d <= game.n; d++) if (s[d - 1] !== "." && s[d - 1] !== "0") m |= 1 << (d - 1);
        const keep = place.has(i) ? new Set([place.get(i)]) : null;
        c.appendChild(marksGrid(m, elim.get(i), keep));
      }
    } else if (v) {
      c.textContent = sym(v);
    } else {
      // The player's marks stay theirs; Auto marks adds the computed ones beside them, light.
      const computed = autoMarks ? candidates(i) : 0;
      if (game.marks[i] || computed) c.appendChild(marksGrid(game.marks[i], null, null, computed));
    }
  }
  for (const b of $("keypad").children) {
    const d = Number(b.dataset.digit);
    if (!d) continue;
    b.disabled = game.values.filter((x) => x === d).length >= game.n;
  }
  $("pencil").setAttribute("aria-pressed", String(pencil));
  $("automarks").setAttribute("aria-pressed", String(autoMarks));
  $("undo").disabled = !history.length;
  $("redo").disabled = !future.length;
  $("apply-hint").disabled = !(hint && hint.level === 3 && (hint.data.kind === "step" || hint.data.kind === "reveal"));
  drawTimer();
}

// The value of a cell before the step of the explained path on show.
function shownValue(i) {
  return shown && shown.values ? shown.values[i] : 0;
}

function say(text, kind) {
  const m = $("message");
  m.textContent = text;
  m.className = "message" + (kind ? " " + kind : "");
}

function resetHint() {
  hint = null;
  shown = null;
  for (const li of $("steps").children) li.classList.remove("current");
}

// The player's pencil marks for the API: n characters per cell, `.` where a digit is not
// marked; a cell without marks counts as having every candidate.
function marksLine() {
  let s = "";
  for (let i = 0; i < game.n * game.n; i++) {
    const m = game.values[i] ? 0 : game.marks[i];
    for (let d = 1; d <= game.n; d++) s += m & (1 << (d - 1)) ? sym(d) : ".";
  }
  return s;
}

function body(extra) {
  return Object.assign({ puzzle: game.puzzle, grid: lineOf(game.values), marks: marksLine() }, extra || {});
}

async function askHint() {
  if (!game) return;
  const level = hint ? Math.min(hint.level + 1, 3) : 1;
  try {
    const j = await api("/api/sudoku/hint", body({ level }));
    hint = { level, data: j };
    shown = null;
    if (j.kind === "mistake") {
      checked.wrong = new Set(j.cells.map((c) => c.cell));
      say(j.message, "bad");
    } else if (j.kind === "solved") {
      celebrate();
    } else if (j.kind === "reveal") {
      hint.level = 3;
      say(j.message);
    } else if (j.kind === "step") {
      if (level === 1) say(`Hint: ${article(j.technique)} ${j.technique} — ${j.description}. (Press Hint again for where to look.)`);
      else if (level === 2) say(`Hint: ${article(j.technique)} ${j.technique}: ${j.where}. (Press Hint again for the whole step.)`);
      else say(`${j.technique} (${j.rating.toFixed(1)}): ${j.explanation}`);
    } else {
      say(j.message || j.status, "bad");
    }
  } catch (e) {
    say(e.message, "bad");
  }
  draw();
}

// "a" or "an" before a technique's name: "an alternating inference chain", "a hidden pair".
function article(word) {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

function applyHint() {
  if (!hint || hint.level !== 3) return;
  const j = hint.data;
  change(() => {
    for (const p of j.placements || []) {
      game.values[p.cell] = p.digit;
      for (const q of peersOf(p.cell)) game.marks[q] &= ~(1 << (p.digit - 1));
    }
    for (const e of j.eliminations || []) {
      // Marks the player never wrote start from every candidate, so that the step shows.
      if (!game.marks[e.cell]) game.marks[e.cell] = candidates(e.cell);
      game.marks[e.cell] &= ~(1 << (e.digit - 1));
    }
  });
  say("applied");
}

async function check() {
  try {
    const j = await api("/api/sudoku/check", body());
    checked.wrong = new Set((j.wrong || []).map((c) => c.cell));
    if (j.solved) say("solved — well done!", "good");
    else if (j.conflicts.length) say(`${j.conflicts.length} cells repeat a digit`, "bad");
    else if (checked.wrong.size) say(`${checked.wrong.size} entries are not right (underlined)`, "bad");
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
    const j = await api("/api/sudoku/solve", { puzzle: game.puzzle });
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
    const j = await api("/api/sudoku/solve", { puzzle: game.puzzle });
    if (!j.solution) {
      say(j.status === "unknown" ? "the time limit came first" : "the puzzle has no solution", "bad");
      return;
    }
    game.revealed = true;
    change(() => {
      game.values = [...j.solution].map(digitOf);
    });
    say(j.unique ? "the solution, shown by the solver (the only one)" : "one of several solutions, shown by the solver", j.unique ? "" : "bad");
  } catch (e) {
    say(e.message, "bad");
  }
}

async function rate() {
  say("rating…");
  try {
    const j = await api("/api/sudoku/rate", { puzzle: game.puzzle });
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
      if (j.kind === "mistake") checked.wrong = new Set(j.cells.map((c) => c.cell));
      say(j.message, "bad");
      draw();
      return;
    }
    const ol = $("steps");
    ol.innerHTML = "";
    // The values before each step, replayed from the current grid.
    let values = game.values.slice();
    j.steps.forEach((s) => {
      const li = document.createElement("li");
      li.textContent = `${s.technique} (${s.rating.toFixed(1)}): ${s.explanation}`;
      const before = values.slice();
      li.addEventListener("click", () => {
        shown = Object.assign({ values: before }, s);
        hint = null;
        for (const x of ol.children) x.classList.toggle("current", x === li);
        say(`${s.technique}: ${s.explanation} (Esc or a click on the board returns to the game)`);
        draw();
      });
      ol.appendChild(li);
      for (const p of s.placements) values[p.cell] = p.digit;
    });
    say(`${j.steps.length} steps${j.solved ? " to the end" : ", then no implemented technique applies"}; the hardest rates ${j.hardest.toFixed(1)}. Click a step to see it.`);
  } catch (e) {
    say(e.message, "bad");
  }
}

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
    newGame(j.puzzle);
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
    newGame(j.puzzle);
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
      say(`${article(r.rating.level)} ${r.rating.level} puzzle (ER ${r.rating.er.toFixed(1)}) with one solution: have fun`);
    }
  } catch (e) {
    say(e.message, "bad");
  }
}

function verifySolved() {
  api("/api/sudoku/check", body())
    .then((j) => {
      if (j.solved) celebrate();
    })
    .catch((e) => say(e.message, "bad"));
}

function celebrate() {
  game.solved = true;
  save();
  // A grid the Solve button filled is shown, not won.
  if (game.revealed) say("the solution, shown by the solver");
  else say(`solved in ${clock(game.seconds)} — well done!`, "good");
  draw();
}

function clock(s) {
  const m = Math.floor(s / 60), r = s % 60;
  return `${m}:${String(r).padStart(2, "0")}`;
}

function drawTimer() {
  $("timer").textContent = game ? clock(game.seconds) : "0:00";
}

setInterval(() => {
  if (game && !game.solved && document.visibilityState === "visible") {
    game.seconds++;
    drawTimer();
    if (game.seconds % 5 === 0) save();
  }
}, 1000);

$("board").addEventListener("keydown", (e) => {
  if (!game) return;
  const n = game.n;
  const r = Math.floor(selected / n), c = selected % n;
  const move = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") {
    e.shiftKey ? redo() : undo();
  } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "y") {
    redo();
  } else if (move) {
    selected = ((r + move[0] + n) % n) * n + ((c + move[1] + n) % n);
    shown = null;
    draw();
  } else if (e.key === "Backspace" || e.key === "Delete" || e.key === "0" || e.key === ".") {
    if (!game.givens[selected]) change(() => (game.values[selected] = 0));
  } else if (e.key === "p" || e.key === "P" || e.key === " ") {
    pencil = !pencil;
    draw();
  } else if (e.key === "Escape") {
    resetHint();
    draw();
  } else if (e.key.length === 1 && digitOf(e.key) >= 1 && digitOf(e.key) <= n) {
    enter(digitOf(e.key));
  } else {
    return;
  }
  e.preventDefault();
});

$("pencil").addEventListener("click", () => { pencil = !pencil; draw(); });
$("automarks").addEventListener("click", () => { autoMarks = !autoMarks; draw(); });
$("fill-marks").addEventListener("click", fillMarks);
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
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

if (!load()) newPuzzle();
