// The page of `csp serve`: a sudoku board to play with hints that teach, graph colouring,
// models and timetables. Plain JavaScript modules, no build step; every answer comes from
// the JSON API (/api/...).

import "./sudoku.js";

// The other tabs' code loads once the first tab is ready (their panels open only once it
// has: nothing in them can be used before their code runs).
const LATER = {
  colour: () => import("./colour.js"),
  model: () => import("./model.js"),
  timetable: () => import("./timetable.js"),
};
const loading = {};
const load = (tab) => (loading[tab] = loading[tab] || (LATER[tab] ? LATER[tab]() : Promise.resolve()));

// The tabs, as WAI-ARIA's tabs pattern: a click or Enter opens one, the arrow keys, Home and
// End move between them (the tab bar is one stop for the Tab key).
const tabs = [...document.querySelectorAll(".tab")];

async function open(t) {
  await load(t.dataset.tab);
  for (const u of tabs) {
    u.classList.toggle("active", u === t);
    u.setAttribute("aria-selected", String(u === t));
    u.tabIndex = u === t ? 0 : -1;
  }
  for (const p of document.querySelectorAll(".page")) p.classList.toggle("active", p.id === t.dataset.tab);
}

tabs.forEach((t, i) => {
  t.addEventListener("click", () => open(t));
  t.addEventListener("keydown", (e) => {
    const j = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (j === undefined) return;
    const next = tabs[(j + tabs.length) % tabs.length];
    e.preventDefault();
    next.focus();
    open(next);
  });
});

// The page is ready for input: the first tab's modules have run (what the load test
// measures). Then the other tabs load.
performance.mark("csp-interactive");
setTimeout(() => Object.keys(LATER).forEach(load), 0);
