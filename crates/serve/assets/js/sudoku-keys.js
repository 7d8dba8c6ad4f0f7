// The sudoku board's keyboard: one table, read both to act on a key and to draw the
// shortcut sheet, so that the two cannot disagree. Keys follow SudokuPad's where it has them
// (Z X C V for the modes, Shift for corner marks).

import { digitOf } from "./sudoku-game.js";

// The digit a key stands for, by its place on the keyboard (so that Shift+1 is 1, not !),
// or 0. Letters are digits 10 and up on 16×16 boards.
export function digitOfKey(e, n) {
  let m = /^(?:Digit|Numpad)([0-9])$/.exec(e.code || "");
  let d = m ? Number(m[1]) : 0;
  if (!m) {
    m = /^Key([A-Z])$/.exec(e.code || "");
    d = m ? digitOf(m[1]) : e.key && e.key.length === 1 ? digitOf(e.key) : 0;
  }
  return d >= 1 && d <= n ? d : 0;
}

const plain = (e) => !e.ctrlKey && !e.metaKey && !e.altKey;
const ctrl = (e) => (e.ctrlKey || e.metaKey) && !e.altKey;
const key = (e, k) => e.key.toLowerCase() === k;
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

// Each shortcut: the keys as the sheet shows them, what it does, when it applies (`on`, given
// the event and the digit it stands for), and what it calls on the tab's `actions`.
export const SHORTCUTS = [
  { keys: "1–9 (A–G on 16×16)", does: "write the digit in the current mode: an entry, a mark, or a colour", on: (e, d) => d && plain(e) && !e.shiftKey, run: (a, e, d) => a.input(d) },
  { keys: "Shift+digit", does: "a corner mark", on: (e, d) => d && e.shiftKey && plain(e), run: (a, e, d) => a.mark("corner", d) },
  { keys: "Alt+digit", does: "a centre mark", on: (e, d) => d && e.altKey && !e.ctrlKey && !e.metaKey, run: (a, e, d) => a.mark("centre", d) },
  { keys: "Z", does: "mode: digits", on: (e) => plain(e) && !e.shiftKey && key(e, "z"), run: (a) => a.setMode("digit") },
  { keys: "P or Space", does: "mode: candidate marks (and back)", on: (e) => plain(e) && (key(e, "p") || e.key === " "), run: (a) => a.setMode("candidate", true) },
  { keys: "X", does: "mode: corner marks", on: (e) => plain(e) && !e.shiftKey && key(e, "x"), run: (a) => a.setMode("corner") },
  { keys: "C", does: "mode: centre marks", on: (e) => plain(e) && !e.shiftKey && key(e, "c"), run: (a) => a.setMode("centre") },
  { keys: "V", does: "mode: cell colours (digits 1–6 paint)", on: (e) => plain(e) && !e.shiftKey && key(e, "v"), run: (a) => a.setMode("colour") },
  { keys: "Shift+V", does: "mode: candidate colours (a digit paints that candidate)", on: (e) => plain(e) && e.shiftKey && key(e, "v"), run: (a) => a.setMode("candidate-colour") },
  { keys: "Arrows", does: "move", on: (e) => ARROWS[e.key] && plain(e) && !e.shiftKey, run: (a, e) => a.move(ARROWS[e.key], false) },
  { keys: "Shift+arrows, Shift/Ctrl+click, drag", does: "select several cells", on: (e) => ARROWS[e.key] && e.shiftKey, run: (a, e) => a.move(ARROWS[e.key], true) },
  { keys: "Ctrl+A", does: "select every cell", on: (e) => ctrl(e) && key(e, "a"), run: (a) => a.selectAll() },
  { keys: "Backspace, Delete, 0, .", does: "erase entries, else marks (colours in a colour mode)", on: (e) => plain(e) && ["Backspace", "Delete", "0", "."].includes(e.key), run: (a) => a.erase() },
  { keys: "H", does: "highlight a digit's cells and candidates: 1, 2, …, pairs, off", on: (e) => plain(e) && !e.shiftKey && key(e, "h"), run: (a) => a.cycleFilter() },
  { keys: "Ctrl+Z", does: "undo", on: (e) => ctrl(e) && !e.shiftKey && key(e, "z"), run: (a) => a.undo() },
  { keys: "Ctrl+Y, Ctrl+Shift+Z", does: "redo", on: (e) => ctrl(e) && (key(e, "y") || (e.shiftKey && key(e, "z"))), run: (a) => a.redo() },
  { keys: "Escape", does: "back to the game from a hint or step; one cell selected", on: (e) => e.key === "Escape", run: (a) => a.escape() },
  { keys: "?", does: "this sheet", on: (e) => e.key === "?", run: (a) => a.sheet() },
];

// Acts on a key pressed on the board; false when it is not a shortcut (the browser keeps it).
export function handle(e, actions, n) {
  const d = digitOfKey(e, n);
  // Mode letters are digits on 16×16 boards: there the digit wins.
  const s = SHORTCUTS.find((s) => s.on(e, d));
  if (!s) return false;
  s.run(actions, e, d);
  return true;
}

// The shortcut sheet as table rows.
export function sheet(table) {
  table.innerHTML = "";
  for (const s of SHORTCUTS) {
    const tr = document.createElement("tr");
    const k = document.createElement("th");
    k.scope = "row";
    k.textContent = s.keys;
    const d = document.createElement("td");
    d.textContent = s.does;
    tr.append(k, d);
    table.appendChild(tr);
  }
}
