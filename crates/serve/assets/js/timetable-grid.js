// The Arrange grid of the Timetables tab: one group's, teacher's or room's week, lessons
// coloured by subject with their teachers and rooms, double lessons spanning their periods,
// blocked and unavailable slots marked. A lesson is moved by dragging it, or from the keyboard
// (Enter picks it up, the arrows choose a slot, Enter puts it down, Escape cancels); while it
// moves, the slots it may start in are highlighted and the others say why not.

import { $, row } from "./common.js";

let answer = null; // the solve's answer (placements, events, views, days, periods, …)
let pinned = new Set(); // occurrences pinned
let onMove = () => {}; // called with (occurrence, slot) when a lesson is put down somewhere
let lifted = null; // the occurrence picked up with the keyboard

// A subject's colour: a light hue from its name, the same in every view and every solve.
export function subjectColour(subject) {
  let h = 0;
  for (const ch of subject || "") h = (h * 31 + ch.codePointAt(0)) % 360;
  return `hsl(${h}, 70%, 86%)`;
}

// Draws `view` of `j`; `move(occurrence, slot)` is called when a lesson is put down.
export function drawGrid(j, view, pins, move) {
  answer = j;
  pinned = new Set(pins.map((p) => p.occurrence));
  onMove = move;
  lifted = null;
  const grid = $("tt-grid");
  grid.innerHTML = "";
  const np = j.periods.length, nd = j.days.length;
  const closedHere = new Map(); // slot → why the view's resource cannot be used
  for (const s of j.blocked) closedHere.set(s, "blocked in the calendar");
  for (const s of j.unavailable[view] || []) if (!closedHere.has(s)) closedHere.set(s, `${j.views[view]} is unavailable`);
  // Which cells the view's lessons cover: a lesson spans its periods when nothing else is there.
  const shown = j.placements.filter((p) => p.views.includes(view));
  const starts = new Map(), covered = new Map();
  for (const p of shown) {
    if (!starts.has(p.slot)) starts.set(p.slot, []);
    starts.get(p.slot).push(p);
    for (let k = 1; k < p.duration; k++) covered.set(p.slot + k, (covered.get(p.slot + k) || 0) + 1);
  }
  const spans = new Map(); // start slot → rows it spans
  for (const [s, list] of starts) {
    const d = Math.max(...list.map((p) => p.duration));
    const alone = list.length === 1 && [...Array(d - 1).keys()].every((k) => !starts.has(s + k + 1) && covered.get(s + k + 1) === 1);
    if (d > 1 && alone) spans.set(s, d);
  }
  const skip = new Set();
  for (const [s, d] of spans) for (let k = 1; k < d; k++) skip.add(s + k);
  const head = document.createElement("caption");
  head.className = "sr";
  head.textContent = `The week of ${j.views[view]}`;
  grid.appendChild(head);
  row(grid, ["", ...j.days], true);
  for (let p = 0; p < np; p++) {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = j.periods[p];
    tr.appendChild(th);
    for (let d = 0; d < nd; d++) {
      const s = d * np + p;
      if (skip.has(s)) continue;
      const td = document.createElement("td");
      td.dataset.slot = s;
      td.tabIndex = -1;
      td.setAttribute("aria-label", `${j.days[d]} ${j.periods[p]}`);
      if (spans.has(s)) {
        td.rowSpan = spans.get(s);
        td.style.setProperty("--span", spans.get(s));
      }
      if (closedHere.has(s)) {
        td.classList.add("closed");
        td.title = closedHere.get(s);
      }
      listen(td);
      for (const pl of starts.get(s) || []) td.appendChild(chip(pl, view));
      // A lesson that started earlier and could not span: its later periods say so.
      for (const pl of shown) if (!spans.has(pl.slot) && s > pl.slot && s < pl.slot + pl.duration) td.appendChild(chip(pl, view, true));
      tr.appendChild(td);
    }
    grid.appendChild(tr);
  }
}

// A lesson's chip: the event, its teachers (unless the view is a teacher's) and room.
function chip(p, view, continued) {
  const j = answer, ev = j.events[p.event_index];
  const c = document.createElement("div");
  c.className = "chip" + (pinned.has(p.occurrence) ? " pinned" : "") + (continued ? " continued" : "");
  c.style.background = subjectColour(ev.subject || ev.id);
  c.dataset.occurrence = p.occurrence;
  const title = document.createElement("strong");
  title.textContent = (continued ? "↳ " : "") + p.event + (p.rank ? ` #${p.rank + 1}` : "");
  c.appendChild(title);
  const viewName = j.views[view];
  const who = ev.teachers.filter((t) => !viewName.includes(t)).join(", ");
  const details = [who, p.room_name && !viewName.startsWith(`room ${p.room_name}`) ? p.room_name : ""].filter(Boolean).join(" · ");
  if (details) {
    const small = document.createElement("span");
    small.textContent = details;
    c.appendChild(small);
  }
  c.title = `${p.event}${ev.subject ? ` (${ev.subject})` : ""} on ${p.day} ${p.period}${p.duration > 1 ? `, ${p.duration} periods` : ""}${ev.teachers.length ? `; ${ev.teachers.join(", ")}` : ""}${ev.groups.length ? `; ${ev.groups.join(", ")}` : ""}${p.room_name ? `; room ${p.room_name}` : ""}`;
  if (continued) return c;
  c.draggable = true;
  c.tabIndex = 0;
  c.setAttribute("role", "button");
  const sr = document.createElement("span");
  sr.className = "sr";
  sr.textContent = `${c.title}. Enter to move.`;
  c.appendChild(sr);
  c.addEventListener("dragstart", (e) => {
    e.dataTransfer.setData("text/plain", String(p.occurrence));
    targets(p.occurrence);
  });
  c.addEventListener("dragend", clearTargets);
  c.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    e.stopPropagation();
    lift(p.occurrence);
  });
  return c;
}

// The slots occurrence `o` may start in, highlighted; the others say why not.
function targets(o) {
  const ev = answer.events[answer.placements[o].event_index];
  for (const td of $("tt-grid").querySelectorAll("td[data-slot]")) {
    const why = ev.closed[td.dataset.slot];
    td.classList.toggle("target", !why);
    td.classList.toggle("nogo", !!why);
    td.dataset.why = why || "";
    if (why) td.title = `${ev.id} cannot start here: ${why}`;
  }
}

function clearTargets() {
  for (const td of $("tt-grid").querySelectorAll("td[data-slot]")) {
    td.classList.remove("target", "nogo", "over");
  }
  const c = lifted !== null && $("tt-grid").querySelector(`.chip[data-occurrence="${lifted}"]`);
  if (c) c.classList.remove("lifted");
}

// A lesson put down at `td`: refused at once where it cannot start, else moved.
function put(o, td) {
  const why = td.dataset.why;
  clearTargets();
  lifted = null;
  onMove(o, Number(td.dataset.slot), why ? `${answer.placements[o].event} cannot start at ${td.getAttribute("aria-label")}: ${why}` : null);
}

function listen(td) {
  td.addEventListener("dragover", (e) => {
    e.preventDefault();
    td.classList.add("over");
  });
  td.addEventListener("dragleave", () => td.classList.remove("over"));
  td.addEventListener("drop", (e) => {
    e.preventDefault();
    put(Number(e.dataTransfer.getData("text/plain")), td);
  });
  td.addEventListener("keydown", (e) => {
    if (lifted === null) return;
    const [dr, dc] = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key] || [0, 0];
    if (e.key === "Enter" || e.key === " ") put(lifted, td);
    else if (e.key === "Escape") {
      const o = lifted;
      clearTargets();
      lifted = null;
      const c = $("tt-grid").querySelector(`.chip[data-occurrence="${o}"]`);
      if (c) c.focus();
    } else if (dr || dc) focusNear(Number(td.dataset.slot), dr, dc);
    else return;
    e.preventDefault();
  });
}

// Keyboard move: the lesson picked up, its targets shown, the focus on its slot.
function lift(o) {
  lifted = o;
  targets(o);
  const c = $("tt-grid").querySelector(`.chip[data-occurrence="${o}"]`);
  c.classList.add("lifted");
  c.closest("td").focus();
}

// The focus moved from `slot` by rows and columns, past cells a span covers.
function focusNear(slot, dr, dc) {
  const np = answer.periods.length, nd = answer.days.length;
  let d = Math.floor(slot / np), p = slot % np;
  for (let step = 0; step < np * nd; step++) {
    d = (d + dc + nd) % nd;
    p = (p + dr + np) % np;
    const td = $("tt-grid").querySelector(`td[data-slot="${d * np + p}"]`);
    if (td) return td.focus();
  }
}
