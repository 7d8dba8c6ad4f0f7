// The sudoku board drawn from the game's state: values, the three kinds of marks, colours,
// highlights, and a hint's step with its chain drawn over the cells as the CLI's `--svg`
// draws it (pattern shaded, eliminations struck, placements green, a chain's candidates
// circled, strong links solid and weak ones dashed).

import { $ } from "./common.js";
import { S, sym, bit, peersOf, candidates, shownCandidates, conflicts, cellName, COLOURS } from "./sudoku-game.js";

const SVG = "http://www.w3.org/2000/svg";
// Corner marks fill the corners first, then the edges' middles (Snyder's notation).
const CORNERS = [0, 2, 6, 8, 1, 7, 3, 5];

let cells = [];
let overlay = null;

// The board's cells (in rows, for screen readers) for a new game's shape.
export function build() {
  const n = S.game.n, box = S.game.box;
  const b = $("board");
  b.innerHTML = "";
  b.style.setProperty("--n", n);
  b.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
  // Rows of equal height: a row of pencil marks only (absolutely placed) would collapse.
  b.style.gridTemplateRows = `repeat(${n}, 1fr)`;
  cells = [];
  for (let r = 0; r < n; r++) {
    const tr = document.createElement("div");
    tr.setAttribute("role", "row");
    tr.className = "row";
    for (let col = 0; col < n; col++) {
      const i = r * n + col;
      const c = document.createElement("div");
      c.className = "cell";
      c.dataset.cell = i;
      c.setAttribute("role", "gridcell");
      if (col % box === box - 1 && col !== n - 1) c.classList.add("box-right");
      if (r % box === box - 1 && r !== n - 1) c.classList.add("box-bottom");
      tr.appendChild(c);
      cells.push(c);
    }
    b.appendChild(tr);
  }
  overlay = document.createElementNS(SVG, "svg");
  overlay.setAttribute("class", "overlay");
  overlay.setAttribute("viewBox", `0 0 ${n} ${n}`);
  overlay.setAttribute("preserveAspectRatio", "none");
  overlay.setAttribute("aria-hidden", "true");
  b.appendChild(overlay);
}

// The cell under a pointer, or -1.
export function cellAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const c = el && el.closest && el.closest("#board .cell");
  return c ? Number(c.dataset.cell) : -1;
}

// The step on show: one of the explained path, or a hint's at its third level.
const stepOnShow = () => S.shown || (S.hint && S.hint.level === 3 && S.hint.data.kind === "step" ? S.hint.data : null);

export function draw() {
  const g = S.game;
  if (!g) return;
  const step = stepOnShow();
  const look = lookOf(step);
  const bad = conflicts();
  const peers = S.selection.size === 1 ? peersOf(S.cursor) : new Set();
  const sameDigit = S.filter > 0 ? S.filter : S.selection.size === 1 ? g.values[S.cursor] : 0;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    const v = S.shown ? (S.shown.values || [])[i] || 0 : g.values[i];
    const classes = ["cell"];
    if (c.classList.contains("box-right")) classes.push("box-right");
    if (c.classList.contains("box-bottom")) classes.push("box-bottom");
    if (g.givens[i]) classes.push("given");
    if (!step && peers.has(i)) classes.push("peer");
    if (!step && v && v === sameDigit) classes.push("same");
    if (!step && !v && highlighted(i)) classes.push("filtered");
    if (look.focus.has(i)) classes.push("focus");
    if (look.pattern.has(i)) classes.push("pattern");
    if (look.place.has(i)) classes.push("place");
    if (!step && S.selection.has(i)) classes.push("selected");
    if (bad.has(i) && !S.shown) classes.push("conflict");
    if (S.wrong.has(i)) classes.push("wrong");
    c.className = classes.join(" ");
    c.setAttribute("aria-selected", String(S.selection.has(i)));
    c.textContent = "";
    if (g.colours[i] && !step) c.appendChild(paint(g.colours[i]));
    if (look.marks) {
      // The grid as it was at the step: its values, else its candidates with the step's
      // eliminations struck and its placement in green.
      if (v) c.appendChild(value(v));
      else c.appendChild(marksGrid(stepCandidates(look.marks, i), { elim: look.elim.get(i), keep: look.place.has(i) ? new Set([look.place.get(i)]) : null, key: look.pattern.has(i) ? look.keyDigits : null }));
    } else if (v) {
      c.appendChild(value(v));
    } else {
      // The player's marks stay theirs; Auto marks adds the computed ones beside them, light.
      const computed = S.autoMarks ? candidates(i) : 0;
      if (g.marks[i] || computed) c.appendChild(marksGrid(g.marks[i], { computed, cell: i }));
      if (g.corner[i]) c.appendChild(cornerMarks(g.corner[i]));
      if (g.centre[i]) c.appendChild(centreMarks(g.centre[i]));
    }
    // Screen readers read the description; what is drawn is hidden from them.
    for (const x of c.children) x.setAttribute("aria-hidden", "true");
    const sr = document.createElement("span");
    sr.className = "sr";
    sr.textContent = describe(i, v);
    c.prepend(sr);
  }
  drawOverlay(step);
  for (const b of $("keypad").children) {
    const d = Number(b.dataset.digit);
    if (!d) continue;
    b.disabled = S.mode === "digit" && g.values.filter((x) => x === d).length >= g.n;
  }
}

// Whether the highlight filter picks this empty cell.
function highlighted(i) {
  if (!S.filter) return false;
  const m = shownCandidates(i);
  if (S.filter === "pairs") return popcount(m) === 2;
  return (m & bit(S.filter)) !== 0;
}

const popcount = (m) => {
  let k = 0;
  for (; m; m &= m - 1) k++;
  return k;
};

// What a hint or a shown step marks on the board.
function lookOf(step) {
  const look = { focus: new Set(), pattern: new Set(), place: new Map(), elim: new Map(), marks: null, keyDigits: null };
  const h = S.hint;
  if (h && h.data.kind === "step" && !S.shown && h.level >= 2) for (const c of h.data.focus || []) look.focus.add(c.cell);
  if (h && h.data.kind !== "step") for (const c of h.data.cells || h.data.placements || []) look.focus.add(c.cell);
  if (step || (h && h.data.kind === "step" && h.level >= 2)) for (const c of (step || h.data).pattern || []) look.pattern.add(c.cell);
  if (!step) return look;
  for (const p of step.placements) look.place.set(p.cell, p.digit);
  for (const e of step.eliminations) {
    if (!look.elim.has(e.cell)) look.elim.set(e.cell, new Set());
    look.elim.get(e.cell).add(e.digit);
  }
  // The digits eliminated stand out in the pattern's cells: a fish's digit, a wing's Z.
  look.keyDigits = new Set(step.eliminations.map((e) => e.digit));
  look.marks = step.marks || null;
  return look;
}

// The candidates of cell i in a step's Sukaku string (n characters per cell).
function stepCandidates(marks, i) {
  const n = S.game.n;
  let m = 0;
  const s = marks.slice(i * n, (i + 1) * n);
  for (let d = 1; d <= n; d++) if (s[d - 1] !== "." && s[d - 1] !== "0") m |= bit(d);
  return m;
}

function value(v) {
  const s = document.createElement("span");
  s.className = "value";
  s.textContent = sym(v);
  return s;
}

function paint(k) {
  const p = document.createElement("span");
  p.className = `paint c${k}`;
  return p;
}

// Candidate marks on a box×box grid: `mask` the player's, `computed` (Auto marks) the
// rules' drawn light where the player has not written them; a step's eliminations struck,
// its placement green, its key digits circled.
function marksGrid(mask, o) {
  const g = S.game;
  const m = document.createElement("div");
  m.className = "marks";
  m.style.gridTemplateColumns = `repeat(${g.box}, 1fr)`;
  for (let d = 1; d <= g.n; d++) {
    const s = document.createElement("span");
    s.dataset.digit = d;
    if (mask & bit(d)) s.textContent = sym(d);
    else if (o.computed & bit(d)) {
      s.textContent = sym(d);
      s.classList.add("computed");
    }
    if (o.elim && o.elim.has(d)) s.classList.add("elim");
    if (o.keep && o.keep.has(d)) s.classList.add("keep");
    if (o.key && o.key.has(d) && mask & bit(d) && !(o.elim && o.elim.has(d))) s.classList.add("key");
    if (s.textContent && S.filter === d) s.classList.add("hl");
    const k = o.cell !== undefined ? g.candidateColours[`${o.cell}:${d}`] : 0;
    if (k && s.textContent) s.classList.add("painted", `c${k}`);
    m.appendChild(s);
  }
  return m;
}

function cornerMarks(mask) {
  const m = document.createElement("div");
  m.className = "corner";
  const digits = [];
  for (let d = 1; d <= S.game.n; d++) if (mask & bit(d)) digits.push(sym(d));
  const spots = new Array(9).fill("");
  // Beyond eight digits the last spot holds the rest.
  digits.forEach((s, k) => (spots[CORNERS[Math.min(k, 7)]] += s));
  for (const s of spots) {
    const span = document.createElement("span");
    span.textContent = s;
    m.appendChild(span);
  }
  return m;
}

function centreMarks(mask) {
  const m = document.createElement("div");
  m.className = "centre";
  let text = "";
  for (let d = 1; d <= S.game.n; d++) if (mask & bit(d)) text += sym(d);
  m.textContent = text;
  if (text.length > 4) m.classList.add("long");
  return m;
}

// What a screen reader says of a cell.
function describe(i, v) {
  const g = S.game;
  const parts = [cellName(i)];
  if (v) parts.push(g.givens[i] ? `given ${sym(v)}` : sym(v));
  else {
    parts.push("empty");
    const list = (m) => [...Array(g.n).keys()].filter((k) => m & bit(k + 1)).map((k) => sym(k + 1)).join(" ");
    if (g.marks[i]) parts.push(`candidates ${list(g.marks[i])}`);
    if (g.corner[i]) parts.push(`corner ${list(g.corner[i])}`);
    if (g.centre[i]) parts.push(`centre ${list(g.centre[i])}`);
  }
  if (g.colours[i]) parts.push(COLOURS[g.colours[i] - 1]);
  if (S.wrong.has(i)) parts.push("wrong");
  return parts.join(", ");
}

// ---------------------------------------------------------------- the step's chain

// Where candidate d of cell i sits, in cell units.
function spot(cell, d) {
  const n = S.game.n, box = S.game.box, k = d - 1;
  return [(cell % n) + ((k % box) + 0.5) / box, Math.floor(cell / n) + (Math.floor(k / box) + 0.5) / box];
}

function drawOverlay(step) {
  overlay.innerHTML = "";
  if (!step) return;
  const r = 0.42 / S.game.box;
  for (const l of step.links || []) {
    const [x1, y1] = spot(l.from.cell, l.from.digit), [x2, y2] = spot(l.to.cell, l.to.digit);
    // Lines stop at the circles' edge so that the digits stay readable.
    const len = Math.hypot(x2 - x1, y2 - y1) || 1, ux = ((x2 - x1) / len) * r, uy = ((y2 - y1) / len) * r;
    const line = document.createElementNS(SVG, "line");
    for (const [a, b] of [["x1", x1 + ux], ["y1", y1 + uy], ["x2", x2 - ux], ["y2", y2 - uy]]) line.setAttribute(a, b);
    line.setAttribute("class", `link ${l.kind}`);
    overlay.appendChild(line);
  }
  for (const c of step.chain || []) {
    const [x, y] = spot(c.cell, c.digit);
    const circle = document.createElementNS(SVG, "circle");
    circle.setAttribute("cx", x);
    circle.setAttribute("cy", y);
    circle.setAttribute("r", r);
    circle.setAttribute("class", "node");
    overlay.appendChild(circle);
  }
}
