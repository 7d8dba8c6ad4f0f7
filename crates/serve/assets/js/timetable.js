// The Timetables tab: a `kind: timetable` solved live, read by view, arranged by dragging.

import { $, download, events, row, examplesMenu, readDropped, report } from "./common.js";

examplesMenu($("tt-examples"), "timetable", (text) => ($("tt-text").value = text));
readDropped($("tt-text"));

let timetable = null;

$("tt-file").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  if (f) $("tt-text").value = await f.text();
});

$("tt-example").addEventListener("click", async () => {
  const r = await fetch("/api/timetable/example");
  $("tt-text").value = await r.text();
});

async function solveTimetable(pins) {
  const out = $("tt-result");
  out.className = "message";
  out.textContent = pins.length ? `re-solving with ${pins.length} placements pinned…` : "solving…";
  for (const id of ["tt-solve", "tt-resolve", "tt-html", "tt-csv", "tt-view", "tt-ics"]) $(id).disabled = true;
  try {
    const body = { timetable: $("tt-text").value, pins, time_limit: Number($("tt-time").value) || 10 };
    let j = null;
    await events("/api/timetable/live", body, (name, data) => {
      if (name === "progress") out.textContent = `a timetable of cost ${data.cost} (${data.elapsed.toFixed(1)} s), looking for a cheaper one…`;
      else if (name === "result") j = data;
      else if (name === "error") throw new Error(data.error);
    });
    if (!j) throw new Error("the solve ended without an answer");
    if (!j.html && pins.length && timetable && j.status === "unsatisfiable") {
      // The pins asked for too much: say so and keep the timetable there was.
      out.className = "message bad";
      out.textContent = `${j.message || "no timetable keeps the pinned placements"}; the previous timetable is kept`;
      $("tt-resolve").disabled = $("tt-html").disabled = $("tt-csv").disabled = false;
      $("tt-view").disabled = $("tt-ics").disabled = !timetable.calendars.length;
      return;
    }
    if (!j.html) {
      timetable = null;
      arrange([]);
      report($("tt-frame-box"), null);
      $("tt-pins").innerHTML = "";
      out.className = "message bad";
      const why = j.explanation ? "\n" + j.explanation.conflict.join("\n") : j.message ? ": " + j.message : "";
      out.textContent = j.status === "unsatisfiable" ? `no timetable exists${why}` : `no timetable within the time limit (${j.limit || "limit"})`;
      return;
    }
    timetable = j;
    out.className = "message good";
    out.textContent = `${j.instance}: ${j.status}, cost ${j.cost}${j.costs.length ? " (" + j.costs.map((c) => `${c.kind} ${c.cost}`).join(", ") + ")" : ""}`;
    report($("tt-frame-box"), j.html);
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
    $("tt-resolve").disabled = $("tt-html").disabled = $("tt-csv").disabled = false;
    const views = $("tt-view");
    views.innerHTML = "";
    j.calendars.forEach((c, i) => {
      const opt = document.createElement("option");
      opt.value = i;
      opt.textContent = c.view;
      views.appendChild(opt);
    });
    views.disabled = $("tt-ics").disabled = !j.calendars.length;
    arrange(pins);
    $("tt-ics").title = j.calendar_error || "";
  } catch (e) {
    out.className = "message bad";
    out.textContent = e.message;
  } finally {
    $("tt-solve").disabled = false;
    // Solves answered so far (what a test waits on).
    out.dataset.done = String(Number(out.dataset.done || 0) + 1);
  }
}

// The pins ticked in the placements table.
function tickedPins() {
  const pins = [];
  for (const box of document.querySelectorAll("#tt-pins input:checked")) {
    const p = timetable.placements[Number(box.dataset.occurrence)];
    pins.push({ occurrence: p.occurrence, slot: p.slot, room: p.room });
  }
  return pins;
}

// A week grid of one group, teacher or room whose lessons can be dragged to another slot.
function arrange(pins) {
  const box = $("tt-arrange"), select = $("tt-arrange-view");
  box.hidden = !timetable;
  if (!timetable) return;
  const chosen = select.value || "0";
  select.innerHTML = "";
  timetable.views.forEach((v, i) => {
    const opt = document.createElement("option");
    opt.value = i;
    opt.textContent = v;
    select.appendChild(opt);
  });
  select.value = chosen < timetable.views.length ? chosen : "0";
  const pinned = new Set(pins.map((p) => p.occurrence));
  const grid = $("tt-grid");
  grid.innerHTML = "";
  row(grid, ["", ...timetable.days], true);
  const np = timetable.periods.length;
  timetable.periods.forEach((period, p) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.textContent = period;
    tr.appendChild(th);
    timetable.days.forEach((_, d) => {
      const td = document.createElement("td");
      td.dataset.slot = d * np + p;
      td.addEventListener("dragover", (e) => {
        e.preventDefault();
        td.classList.add("over");
      });
      td.addEventListener("dragleave", () => td.classList.remove("over"));
      td.addEventListener("drop", (e) => {
        e.preventDefault();
        td.classList.remove("over");
        const o = Number(e.dataTransfer.getData("text/plain"));
        const moved = timetable.placements[o];
        const pins = tickedPins().filter((x) => x.occurrence !== o);
        pins.push({ occurrence: o, slot: Number(td.dataset.slot), room: moved.room });
        solveTimetable(pins);
      });
      tr.appendChild(td);
    });
    grid.appendChild(tr);
  });
  const view = Number(select.value);
  for (const p of timetable.placements) {
    if (!p.views.includes(view)) continue;
    const cell = grid.querySelector(`td[data-slot="${p.slot}"]`);
    if (!cell) continue;
    const chip = document.createElement("span");
    chip.className = "chip" + (pinned.has(p.occurrence) ? " pinned" : "");
    chip.draggable = true;
    chip.dataset.occurrence = p.occurrence;
    chip.textContent = p.event + (p.room_name ? ` · ${p.room_name}` : "");
    chip.title = `${p.event} on ${p.day} ${p.period}${p.duration > 1 ? ` (${p.duration} periods)` : ""}`;
    chip.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", String(p.occurrence)));
    cell.appendChild(chip);
  }
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
