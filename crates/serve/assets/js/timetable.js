// The Timetables tab: a `kind: timetable` entered in forms or YAML, solved live with the cost
// by requirement, read by group, teacher and room, arranged by moving lessons (a refused move
// says which requirements block it), and, when there is no timetable, what could not be
// placed and why.

import { $, download, events, row, examplesMenu, readDropped, report } from "./common.js";
import { drawGrid } from "./timetable-grid.js";
import "./timetable-forms.js";

examplesMenu($("tt-examples"), "timetable", (text) => setText(text));
readDropped($("tt-text"));

let timetable = null; // the last answer with a timetable (or a relaxed one, for the grid)

// New YAML in the text area: the forms follow it.
function setText(text) {
  $("tt-text").value = text;
  $("tt-text").dispatchEvent(new Event("input"));
}

$("tt-file").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  if (f) setText(await f.text());
});

$("tt-example").addEventListener("click", async () => {
  const r = await fetch("/api/timetable/example");
  setText(await r.text());
});

const BUTTONS = ["tt-solve", "tt-resolve", "tt-html", "tt-csv", "tt-view", "tt-ics"];

function say(text, kind) {
  const out = $("tt-result");
  out.className = "message" + (kind ? " " + kind : "");
  out.textContent = text;
}

// The cost by requirement, live while solving and final after.
function drawCosts(costs, total, final) {
  const t = $("tt-costs");
  t.innerHTML = "";
  if (!costs) return;
  const cap = document.createElement("caption");
  cap.textContent = `${final ? "Cost" : "Cost so far"}: ${total}${costs.length ? ", by requirement" : ", every soft requirement met"}`;
  t.appendChild(cap);
  if (!costs.length) return;
  row(t, ["requirement", "kind", "cost", "details"], true);
  for (const c of costs) row(t, [c.requirement, c.kind, String(c.cost), (c.details || []).slice(0, 3).join("; ") + ((c.details || []).length > 3 ? " …" : "")]);
}

// The conflict of an explanation, as a list.
function drawConflict(title, e, extra) {
  const box = $("tt-why");
  box.innerHTML = "";
  if (!e) return;
  const h = document.createElement("h3");
  h.textContent = title;
  box.appendChild(h);
  const ul = document.createElement("ul");
  const lines = e.conflict.length ? e.conflict : ["the lessons clash on their own: a shared teacher, class or room"];
  for (const w of lines) {
    const li = document.createElement("li");
    li.textContent = w;
    ul.appendChild(li);
  }
  box.appendChild(ul);
  if (!e.minimal) box.appendChild(Object.assign(document.createElement("p"), { className: "small", textContent: "(the time ran out before the set was proved minimal)" }));
  for (const part of extra || []) box.appendChild(part);
}

// What could not be placed when the instance has no timetable: each event of the conflict,
// where it can start, and the rules the relaxed timetable on the grid breaks.
function unplaced(relaxed) {
  const out = [];
  const h = document.createElement("h3");
  h.textContent = "Could not be placed with every requirement kept";
  const ul = document.createElement("ul");
  ul.id = "tt-unplaced";
  for (const u of relaxed.unplaced) {
    const li = document.createElement("li");
    li.textContent = u.why;
    ul.appendChild(li);
  }
  const p = document.createElement("p");
  p.className = "small";
  p.textContent = `The grid below shows a timetable with those requirements given up; it breaks: ${relaxed.breaks.slice(0, 6).join("; ")}${relaxed.breaks.length > 6 ? " …" : ""}`;
  out.push(h, ul, p);
  return out;
}

async function solveTimetable(pins) {
  say(pins.length ? `re-solving with ${pins.length} placements pinned…` : "solving…");
  for (const id of BUTTONS) $(id).disabled = true;
  try {
    const body = { timetable: $("tt-text").value, pins, time_limit: Number($("tt-time").value) || 10 };
    let j = null;
    await events("/api/timetable/live", body, (name, data) => {
      if (name === "progress") {
        say(`a timetable of cost ${data.cost} (${data.elapsed.toFixed(1)} s), looking for a cheaper one…`);
        if (data.costs) drawCosts(data.costs, data.cost, false);
      } else if (name === "result") j = data;
      else if (name === "error") throw new Error(data.error);
    });
    if (!j) throw new Error("the solve ended without an answer");
    if (!j.html && pins.length && timetable && j.status === "unsatisfiable") {
      // The move asked for too much: say what blocks it and keep the timetable there was.
      say(`${j.message || "no timetable keeps the pinned placements"}; the previous timetable is kept`, "bad");
      drawConflict("Why the move is refused", j.explanation);
      enable(true);
      return;
    }
    if (!j.html) {
      report($("tt-frame-box"), null);
      $("tt-pins").innerHTML = "";
      drawCosts(null);
      if (j.status === "unsatisfiable") {
        say("no timetable exists: these requirements conflict", "bad");
        drawConflict("The conflict", j.explanation || { conflict: [j.message || "unknown"], minimal: true }, j.relaxed ? unplaced(j.relaxed) : []);
      } else {
        say(`no timetable within the time limit (${j.limit || "limit"})`, "bad");
        $("tt-why").innerHTML = "";
      }
      timetable = j.relaxed || null;
      arrange([]);
      return;
    }
    timetable = j;
    $("tt-why").innerHTML = "";
    say(`${j.instance}: ${j.status}, cost ${j.cost}${j.costs.length ? " (" + j.costs.map((c) => `${c.kind} ${c.cost}`).join(", ") + ")" : ""}`, "good");
    drawCosts(j.costs, j.cost, true);
    report($("tt-frame-box"), j.html);
    pinsTable(j, pins);
    const views = $("tt-view");
    views.innerHTML = "";
    j.calendars.forEach((c, i) => {
      const opt = document.createElement("option");
      opt.value = i;
      opt.textContent = c.view;
      views.appendChild(opt);
    });
    enable(true);
    arrange(pins);
    $("tt-ics").title = j.calendar_error || "";
  } catch (e) {
    say(e.message, "bad");
  } finally {
    $("tt-solve").disabled = false;
    // Solves answered so far (what a test waits on).
    const out = $("tt-result");
    out.dataset.done = String(Number(out.dataset.done || 0) + 1);
  }
}

// The buttons that need a timetable.
function enable(on) {
  const t = timetable && timetable.html ? timetable : null;
  $("tt-resolve").disabled = $("tt-html").disabled = $("tt-csv").disabled = !(on && t);
  $("tt-view").disabled = $("tt-ics").disabled = !(on && t && t.calendars.length);
}

function pinsTable(j, pins) {
  const table = $("tt-pins");
  table.innerHTML = "";
  row(table, ["pin", "event", "day", "period", "room"], true);
  const pinned = new Set(pins.map((p) => p.occurrence));
  for (const p of j.placements) {
    const tr = document.createElement("tr");
    const td = document.createElement("td");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.dataset.occurrence = p.occurrence;
    box.checked = pinned.has(p.occurrence);
    box.setAttribute("aria-label", `pin ${p.event}${p.rank ? " #" + (p.rank + 1) : ""} on ${p.day} ${p.period}`);
    td.appendChild(box);
    tr.appendChild(td);
    for (const v of [`${p.event}${p.rank ? " #" + (p.rank + 1) : ""}`, p.day, p.period, p.room_name || ""]) {
      const c = document.createElement("td");
      c.textContent = v;
      tr.appendChild(c);
    }
    table.appendChild(tr);
  }
}

// The pins ticked in the placements table.
function tickedPins() {
  if (!timetable || !timetable.html) return [];
  const pins = [];
  for (const box of document.querySelectorAll("#tt-pins input:checked")) {
    const p = timetable.placements[Number(box.dataset.occurrence)];
    pins.push({ occurrence: p.occurrence, slot: p.slot, room: p.room });
  }
  return pins;
}

// The week grid of the view chosen (groups, teachers and rooms in groups of their own).
function arrange(pins) {
  const box = $("tt-arrange"), select = $("tt-arrange-view");
  box.hidden = !timetable;
  if (!timetable) return;
  const chosen = select.value || "0";
  select.innerHTML = "";
  const groups = new Map();
  timetable.views.forEach((v, i) => {
    const kind = v.split(" ")[0];
    if (!groups.has(kind)) {
      const g = document.createElement("optgroup");
      g.label = { group: "classes", teacher: "teachers", room: "rooms", staff: "staff", student: "students" }[kind] || kind;
      groups.set(kind, g);
      select.appendChild(g);
    }
    const opt = document.createElement("option");
    opt.value = i;
    opt.textContent = v;
    groups.get(kind).appendChild(opt);
  });
  select.value = Number(chosen) < timetable.views.length ? chosen : "0";
  drawGrid(timetable, Number(select.value), pins, moved);
}

// A lesson put down at `slot`: refused at once with the reason where it cannot start, else
// pinned there (with the ticked ones) and the rest solved again around it.
function moved(o, slot, refusal) {
  if (!timetable || !timetable.html) return say("solve first: the grid shows a timetable that breaks requirements", "bad");
  if (refusal) {
    say(`${refusal}; the previous timetable is kept`, "bad");
    return;
  }
  const p = timetable.placements[o];
  const pins = tickedPins().filter((x) => x.occurrence !== o);
  pins.push({ occurrence: o, slot, room: p.room });
  solveTimetable(pins);
}

$("tt-arrange-view").addEventListener("change", () => arrange(tickedPins()));
$("tt-solve").addEventListener("click", () => solveTimetable([]));
$("tt-resolve").addEventListener("click", () => timetable && solveTimetable(tickedPins()));
$("tt-html").addEventListener("click", () => timetable && download(`${timetable.instance}.html`, "text/html", timetable.html));
$("tt-csv").addEventListener("click", () => timetable && download(`${timetable.instance}.csv`, "text/csv", timetable.csv));
$("tt-ics").addEventListener("click", () => {
  const c = timetable && timetable.calendars[Number($("tt-view").value)];
  if (c) download(`${timetable.instance} ${c.view}.ics`, "text/calendar", c.ics);
});
