// The puzzles a player has solved, kept in the browser (local storage): when, at which level,
// in what time, with how many hints; summed up per level for the History dialog.

import { row } from "./common.js";

const STORE = "csp-sudoku-history";
// The newest solves kept: enough for years of daily play, small enough for local storage.
const KEEP = 1000;
const LEVELS = ["easy", "medium", "hard", "expert", "extreme"];

export function entries() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE));
    return Array.isArray(list) ? list : [];
  } catch (e) {
    return [];
  }
}

// A solve added, unless the same puzzle was already recorded as solved in this game.
export function record(entry) {
  const list = entries();
  if (list.length && list[list.length - 1].puzzle === entry.puzzle && list[list.length - 1].started === entry.started) return;
  list.push(entry);
  localStorage.setItem(STORE, JSON.stringify(list.slice(-KEEP)));
}

export const clock = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

// Per level: how many solved, the best and the median time, and how many without a hint.
export function summary(list = entries()) {
  const levels = [...LEVELS, ...new Set(list.map((e) => e.level || "unrated"))].filter((l, i, a) => a.indexOf(l) === i);
  return levels
    .map((level) => {
      const mine = list.filter((e) => (e.level || "unrated") === level);
      const times = mine.map((e) => e.seconds).sort((a, b) => a - b);
      return {
        level,
        solved: mine.length,
        best: times.length ? times[0] : null,
        median: times.length ? times[Math.floor((times.length - 1) / 2)] : null,
        unaided: mine.filter((e) => !e.hints).length,
      };
    })
    .filter((s) => s.solved);
}

// The History dialog's tables: the summary, then the latest solves.
export function show(summaryTable, latestTable) {
  const list = entries();
  summaryTable.innerHTML = latestTable.innerHTML = "";
  if (!list.length) {
    row(summaryTable, ["no puzzle solved yet in this browser"]);
    return;
  }
  row(summaryTable, ["level", "solved", "best", "median", "without hints"], true);
  for (const s of summary(list)) row(summaryTable, [s.level, String(s.solved), clock(s.best), clock(s.median), String(s.unaided)]);
  row(latestTable, ["when", "level", "time", "hints"], true);
  for (const e of list.slice(-10).reverse()) row(latestTable, [new Date(e.date).toLocaleString(), e.level || "unrated", clock(e.seconds), String(e.hints || 0)]);
}
