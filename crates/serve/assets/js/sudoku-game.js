// The sudoku game's state and rules: the grid, the player's three kinds of marks and two
// kinds of colour, the selection, undo and redo, and the copy kept in local storage. No
// drawing and no requests: the board and the tab's controller read and call this.

const STORE = "csp-sudoku";

// The symbol of digit d (1–9, then A, B, … on 16×16) and back (0 for anything else).
export const sym = (d) => (d <= 9 ? String(d) : String.fromCharCode(55 + d));
export const digitOf = (ch) => {
  if (/^[1-9]$/.test(ch)) return Number(ch);
  if (/^[a-zA-Z]$/.test(ch)) return ch.toUpperCase().charCodeAt(0) - 55;
  return 0;
};
export const bit = (d) => 1 << (d - 1);

// The ways a key or a keypad press writes into the selected cells.
export const MODES = ["digit", "candidate", "corner", "centre", "colour", "candidate-colour"];
// Cell and candidate colours, for colouring techniques: two pairs of opposites and two more.
export const COLOURS = ["blue", "orange", "green", "pink", "purple", "yellow"];

// Everything the page knows of the game. `game` is what is saved; the rest is the session's.
export const S = {
  game: null,
  undo: [],
  redo: [],
  cursor: 0, // the cell the arrow keys move from
  selection: new Set([0]),
  mode: "digit",
  autoMarks: false,
  filter: 0, // a digit to highlight, "pairs" for cells of two candidates, 0 for none
  colour: 1, // the colour candidate colouring paints with
  hint: null, // {level, data} of the hint on show
  shown: null, // a step of the explained path drawn on the board
  wrong: new Set(), // entries Check or a hint found wrong
};

// Called after every change of the game (the board redraws, the end is checked).
export const hooks = { changed: () => {} };

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

export function peersOf(cell) {
  const s = new Set();
  for (const u of S.game.units) if (u.includes(cell)) for (const x of u) if (x !== cell) s.add(x);
  return s;
}

export const lineOf = (values) => values.map((v) => (v ? sym(v) : ".")).join("");

export function parseLine(line) {
  const n = Math.round(Math.sqrt(line.length));
  const box = Math.round(Math.sqrt(n));
  if (n * n !== line.length || box * box !== n) return null;
  return { n, box, values: [...line].map((ch) => digitOf(ch)) };
}

// A cell's name as players write it: r1c2.
export const cellName = (i) => `r${Math.floor(i / S.game.n) + 1}c${(i % S.game.n) + 1}`;

// The fields a game gains over time, filled in for a game saved by an older page.
function complete(g) {
  const cells = g.n * g.n;
  for (const k of ["marks", "corner", "centre", "colours"]) if (!Array.isArray(g[k]) || g[k].length !== cells) g[k] = new Array(cells).fill(0);
  if (!g.candidateColours || typeof g.candidateColours !== "object") g.candidateColours = {};
  g.level = g.level || "";
  g.hints = g.hints || 0;
  g.started = g.started || Date.now();
  g.units = unitsOf(g.n, g.box);
  return g;
}

// A new game of `line` (false when the page cannot draw its shape).
export function newGame(line, level) {
  const p = parseLine(line);
  if (!p) return false;
  S.game = complete({
    puzzle: line,
    n: p.n,
    box: p.box,
    level: level || "",
    givens: p.values.map((v) => v !== 0),
    values: p.values.slice(),
    seconds: 0,
    hints: 0,
    solved: false,
    revealed: false,
  });
  S.undo = [];
  S.redo = [];
  const first = S.game.values.findIndex((v) => v === 0);
  select(first < 0 ? 0 : first, false);
  S.hint = S.shown = null;
  S.wrong = new Set();
  save();
  return true;
}

export function save() {
  if (!S.game) return;
  const { units, ...rest } = S.game;
  localStorage.setItem(STORE, JSON.stringify({ game: rest, undo: S.undo.slice(-200), redo: S.redo.slice(-200) }));
}

// The saved game, if there is one the page can draw.
export function load() {
  try {
    const s = JSON.parse(localStorage.getItem(STORE));
    if (!s || !s.game || !parseLine(s.game.puzzle)) return false;
    S.game = complete(s.game);
    // `history`/`future` are the names an older page saved undo and redo under.
    S.undo = s.undo || s.history || [];
    S.redo = s.redo || s.future || [];
    select(0, false);
    return true;
  } catch (e) {
    return false;
  }
}

const KEPT = ["values", "marks", "corner", "centre", "colours"];

function snapshot() {
  const s = { candidateColours: { ...S.game.candidateColours } };
  for (const k of KEPT) s[k] = S.game[k].slice();
  return s;
}

function restore(s) {
  for (const k of KEPT) if (s[k]) S.game[k] = s[k].slice();
  S.game.candidateColours = { ...(s.candidateColours || {}) };
}

// One undoable change of the game.
export function change(f) {
  if (!S.game || S.game.solved) return;
  S.undo.push(snapshot());
  S.redo = [];
  f();
  S.hint = S.shown = null;
  S.wrong = new Set();
  save();
  hooks.changed();
}

export function undo() {
  if (!S.undo.length) return;
  S.redo.push(snapshot());
  restore(S.undo.pop());
  S.game.solved = false;
  S.hint = S.shown = null;
  save();
  hooks.changed();
}

export function redo() {
  if (!S.redo.length) return;
  S.undo.push(snapshot());
  restore(S.redo.pop());
  S.hint = S.shown = null;
  save();
  hooks.changed();
}

// The digits the rules leave in a cell, as a mask (0 for a filled cell).
export function candidates(cell) {
  if (S.game.values[cell]) return 0;
  let m = 0;
  for (let d = 1; d <= S.game.n; d++) m |= bit(d);
  for (const p of peersOf(cell)) if (S.game.values[p]) m &= ~bit(S.game.values[p]);
  return m;
}

// The candidates a cell shows for highlighting: the player's marks where written, else
// those the rules leave.
export const shownCandidates = (cell) => (S.game.values[cell] ? 0 : S.game.marks[cell] || candidates(cell));

export function conflicts() {
  const bad = new Set();
  for (const u of S.game.units) {
    for (let i = 0; i < u.length; i++) {
      for (let j = i + 1; j < u.length; j++) {
        const a = S.game.values[u[i]], b = S.game.values[u[j]];
        if (a && a === b) {
          bad.add(u[i]);
          bad.add(u[j]);
        }
      }
    }
  }
  return bad;
}

// ---------------------------------------------------------------- selection

// Selects `cell`: alone, or added to (removed from, when `extend` is "toggle") the selection.
export function select(cell, extend) {
  S.cursor = cell;
  if (!extend) S.selection = new Set([cell]);
  else if (extend === "toggle" && S.selection.has(cell) && S.selection.size > 1) S.selection.delete(cell);
  else S.selection.add(cell);
}

export function selectAll() {
  S.selection = new Set(S.game.values.keys());
}

// The selected cells the player may write in (not givens).
const open = () => [...S.selection].filter((i) => !S.game.givens[i]);

// ---------------------------------------------------------------- writing

// A digit entered in the selected cells: set in all, or cleared from all when all hold it.
// An entry removes its digit from the marks of the cells it sees.
export function enterDigit(d) {
  const cells = open();
  if (!cells.length) return;
  const clear = cells.every((i) => S.game.values[i] === d);
  change(() => {
    for (const i of cells) {
      S.game.values[i] = clear ? 0 : d;
      if (clear) continue;
      for (const p of peersOf(i)) for (const k of ["marks", "corner", "centre"]) S.game[k][p] &= ~bit(d);
    }
  });
}

// A mark of `kind` (marks, corner, centre) toggled in the empty selected cells: added to
// all, or taken from all when all have it.
export function toggleMark(kind, d) {
  const cells = open().filter((i) => !S.game.values[i]);
  if (!cells.length) return;
  const clear = cells.every((i) => S.game[kind][i] & bit(d));
  change(() => {
    for (const i of cells) S.game[kind][i] = clear ? S.game[kind][i] & ~bit(d) : S.game[kind][i] | bit(d);
  });
}

// Colour k (1–6) painted on the selected cells (givens too), or taken off when all have it;
// 0 takes every colour off.
export function paintCells(k) {
  const cells = [...S.selection];
  const clear = k === 0 || cells.every((i) => S.game.colours[i] === k);
  change(() => {
    for (const i of cells) S.game.colours[i] = clear ? 0 : k;
  });
}

// Candidate d of the empty selected cells painted with colour k, or taken off when all
// have it.
export function paintCandidate(d, k, cells = [...S.selection]) {
  cells = cells.filter((i) => !S.game.values[i]);
  if (!cells.length) return;
  const key = (i) => `${i}:${d}`;
  const clear = cells.every((i) => S.game.candidateColours[key(i)] === k);
  change(() => {
    for (const i of cells) {
      if (clear) delete S.game.candidateColours[key(i)];
      else S.game.candidateColours[key(i)] = k;
    }
  });
}

// Erase: the entries of the selected cells; where there are none, their marks (or, in a
// colour mode, their colours).
export function erase() {
  const cells = open();
  const colouring = S.mode === "colour" || S.mode === "candidate-colour";
  change(() => {
    if (colouring) {
      for (const i of S.selection) {
        S.game.colours[i] = 0;
        for (let d = 1; d <= S.game.n; d++) delete S.game.candidateColours[`${i}:${d}`];
      }
    } else if (cells.some((i) => S.game.values[i])) {
      for (const i of cells) S.game.values[i] = 0;
    } else {
      for (const i of cells) for (const k of ["marks", "corner", "centre"]) S.game[k][i] = 0;
    }
  });
}

// "Fill candidates": the computed candidates written into the player's marks (one undo
// step), to cross out by hand.
export function fillMarks() {
  change(() => {
    for (let i = 0; i < S.game.values.length; i++) if (!S.game.values[i]) S.game.marks[i] = candidates(i);
  });
}

// A hint's step played: its placements entered, its eliminations crossed out of the marks
// (marks the player never wrote start from every candidate, so that the step shows).
export function applyStep(step) {
  change(() => {
    for (const p of step.placements || []) {
      S.game.values[p.cell] = p.digit;
      for (const q of peersOf(p.cell)) for (const k of ["marks", "corner", "centre"]) S.game[k][q] &= ~bit(p.digit);
    }
    for (const e of step.eliminations || []) {
      if (!S.game.marks[e.cell]) S.game.marks[e.cell] = candidates(e.cell);
      S.game.marks[e.cell] &= ~bit(e.digit);
    }
  });
}

// The player's candidate marks for the API: n characters per cell, `.` where a digit is not
// marked; a cell without marks counts as having every candidate.
export function marksLine() {
  let s = "";
  for (let i = 0; i < S.game.n * S.game.n; i++) {
    const m = S.game.values[i] ? 0 : S.game.marks[i];
    for (let d = 1; d <= S.game.n; d++) s += m & bit(d) ? sym(d) : ".";
  }
  return s;
}
