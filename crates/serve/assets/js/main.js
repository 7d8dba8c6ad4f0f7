// The page of `csp serve`: a sudoku board to play with hints that teach, graph colouring,
// models and timetables. Plain JavaScript modules, no build step; every answer comes from
// the JSON API (/api/...).

import "./sudoku.js";
import "./colour.js";
import "./model.js";
import "./timetable.js";

for (const t of document.querySelectorAll(".tab")) {
  t.addEventListener("click", () => {
    for (const u of document.querySelectorAll(".tab")) u.classList.toggle("active", u === t);
    for (const p of document.querySelectorAll(".page")) p.classList.toggle("active", p.id === t.dataset.tab);
  });
}
