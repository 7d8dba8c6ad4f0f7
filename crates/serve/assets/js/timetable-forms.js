// The Timetables tab's forms: the calendar, teachers, classes, rooms and lessons of the YAML
// in the text area, as tables to fill in, kept in step with the YAML both ways. The YAML is
// read by the server (/api/timetable/parse, which checks it as a timetable); the forms write
// it back from their document. What the forms do not show (requirements, other keys) is kept.

import { $ } from "./common.js";

let doc = null; // the document the forms edit (the YAML as JSON)
let readToken = 0; // the latest reading of the text area asked for

// A new timetable when the text area is empty: a school week to fill in.
const BLANK = {
  kind: "timetable",
  name: "my-school",
  style: "course",
  calendar: { days: ["Mon", "Tue", "Wed", "Thu", "Fri"], periods: [1, 2, 3, 4, 5, 6].map((id) => ({ id })) },
  resources: { teachers: [], groups: [], rooms: [] },
  events: [],
};

// ---------------------------------------------------------------- YAML out

const PLAIN = /^[A-Za-z_][A-Za-z0-9_.\- ]*$/;
const RESERVED = /^(true|false|null|yes|no|on|off|y|n|~)$/i;

function scalar(v) {
  if (v === null || v === undefined) return "null";
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  const s = String(v);
  return PLAIN.test(s) && !RESERVED.test(s) && !s.endsWith(" ") ? s : JSON.stringify(s);
}

const isScalar = (v) => v === null || typeof v !== "object";

// A line's most characters in flow style (`{id: a, teachers: [b]}`), as the files are written.
const FLOW_WIDTH = 110;

// A value on one line (flow style) when it is short, else null.
function flow(v) {
  if (isScalar(v)) return scalar(v);
  // Lists of objects one item a line, as the files are written.
  if (Array.isArray(v) && !v.every(isScalar)) return null;
  const parts = Array.isArray(v) ? v.map(flow) : entries(v).map(([k, x]) => [scalar(k), flow(x)]);
  if (parts.some((p) => p === null || (Array.isArray(p) && p[1] === null))) return null;
  const text = Array.isArray(v) ? `[${parts.join(", ")}]` : `{${parts.map(([k, x]) => `${k}: ${x}`).join(", ")}}`;
  return text.length <= FLOW_WIDTH ? text : null;
}

// An object's entries that have a value.
const entries = (v) => Object.entries(v).filter(([, x]) => x !== undefined);

// The document as block YAML, short flat parts on one line.
export function toYaml(v, indent = "") {
  if (Array.isArray(v)) {
    if (!v.length) return " []";
    return v.map((x) => `\n${indent}- ${(flow(x) ?? toYaml(x, indent + "  ").replace(/^\n\s*/, ""))}`).join("");
  }
  if (isScalar(v)) return " " + scalar(v);
  const lines = entries(v).map(([k, x]) => {
    const f = flow(x);
    return `\n${indent}${scalar(k)}:${f !== null && (isScalar(x) || indent) ? " " + f : toYaml(x, indent + "  ")}`;
  });
  return lines.join("");
}

function write() {
  const text = "# Written by the forms of `csp serve`.\n" + toYaml(doc).replace(/^\n/, "") + "\n";
  $("tt-text").value = text;
  $("tt-forms-error").textContent = "";
}

// ---------------------------------------------------------------- YAML in

async function read() {
  const text = $("tt-text").value;
  const mine = ++readToken;
  if (!text.trim()) {
    doc = structuredClone(BLANK);
    draw();
    return;
  }
  try {
    const r = await fetch("/api/timetable/parse", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ timetable: text }) });
    const j = await r.json();
    if (mine !== readToken) return;
    if (!r.ok) {
      $("tt-forms-error").textContent = `The YAML does not read (${j.error}${j.line ? `, line ${j.line}, column ${j.column}` : ""}): the forms show its last version that did.`;
      return;
    }
    $("tt-forms-error").textContent = "";
    doc = j.document;
    draw();
  } catch (e) {
    $("tt-forms-error").textContent = e.message;
  }
}

let pending = null;
$("tt-text").addEventListener("input", () => {
  clearTimeout(pending);
  pending = setTimeout(read, 300);
});

// ---------------------------------------------------------------- slots

const days = () => doc.calendar.days.map((d) => (typeof d === "object" ? d.name || d.id : d));
const periods = () => doc.calendar.periods.map((p) => String(typeof p === "object" ? p.id : p));

// A list of slot patterns (`Mon.6`, `Fri.*`, `*.1`) as a set of `day.period`.
function expand(patterns) {
  const set = new Set();
  for (const pat of [].concat(patterns || [])) {
    // A day alone is the whole day.
    const [d, p = "*"] = String(pat).split(".");
    for (const day of d === "*" ? days() : [d]) for (const per of p === "*" ? periods() : [p]) set.add(`${day}.${per}`);
  }
  return set;
}

// A set of `day.period` as patterns: whole days as `Day.*`, whole periods as `*.P`.
function compress(set) {
  const out = [];
  const left = new Set(set);
  for (const d of days()) if (periods().every((p) => left.has(`${d}.${p}`))) {
    out.push(`${d}.*`);
    for (const p of periods()) left.delete(`${d}.${p}`);
  }
  for (const p of periods()) if (days().every((d) => left.has(`${d}.${p}`)) && days().length > 1) {
    out.push(`*.${p}`);
    for (const d of days()) left.delete(`${d}.${p}`);
  }
  for (const d of days()) for (const p of periods()) if (left.has(`${d}.${p}`)) out.push(`${d}.${p}`);
  return out;
}

// The slot grid dialog: `patterns` toggled slot by slot; `done(patterns)` on Save.
function editSlots(title, patterns, done) {
  const dialog = $("tt-slots-dialog");
  $("tt-slots-title").textContent = title;
  const set = expand(patterns);
  const t = $("tt-slots-grid");
  t.innerHTML = "";
  const head = document.createElement("tr");
  head.appendChild(document.createElement("th"));
  for (const d of days()) head.appendChild(Object.assign(document.createElement("th"), { textContent: d, scope: "col" }));
  t.appendChild(head);
  for (const p of periods()) {
    const tr = document.createElement("tr");
    tr.appendChild(Object.assign(document.createElement("th"), { textContent: p, scope: "row" }));
    for (const d of days()) {
      const td = document.createElement("td");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.checked = set.has(`${d}.${p}`);
      box.dataset.slot = `${d}.${p}`;
      box.setAttribute("aria-label", `${d} ${p}`);
      td.appendChild(box);
      tr.appendChild(td);
    }
    t.appendChild(tr);
  }
  dialog.onclose = () => {
    if (dialog.returnValue !== "save") return;
    done(compress(new Set([...t.querySelectorAll("input:checked")].map((b) => b.dataset.slot))));
  };
  dialog.showModal();
}

// ---------------------------------------------------------------- tables

// A table of `list`'s objects, one column per field: text, number, list (comma-separated)
// or slots (a button opening the slot grid). Edits change the object and rewrite the YAML;
// keys the table does not show stay as they were.
function table(id, list, fields, make, noun) {
  const t = $(id);
  t.innerHTML = "";
  const head = document.createElement("tr");
  for (const f of fields) head.appendChild(Object.assign(document.createElement("th"), { textContent: f.label, scope: "col" }));
  head.appendChild(document.createElement("th"));
  t.appendChild(head);
  list.forEach((item, i) => {
    const tr = document.createElement("tr");
    for (const f of fields) {
      const td = document.createElement("td");
      td.appendChild(input(item, f, `${noun} ${i + 1} ${f.label}`));
      tr.appendChild(td);
    }
    const del = document.createElement("button");
    del.textContent = "✕";
    del.title = `Remove this ${noun}`;
    del.setAttribute("aria-label", `remove ${noun} ${item.id || i + 1}`);
    del.addEventListener("click", () => {
      list.splice(i, 1);
      write();
      draw();
    });
    const td = document.createElement("td");
    td.appendChild(del);
    tr.appendChild(td);
    t.appendChild(tr);
  });
  const add = $(`${id}-add`);
  add.onclick = () => {
    list.push(make(list.length + 1));
    write();
    draw();
    const rows = $(id).querySelectorAll("tr");
    const first = rows[rows.length - 1].querySelector("input, select");
    if (first) first.focus();
  };
}

function input(item, f, label) {
  if (f.kind === "slots") {
    const b = document.createElement("button");
    const n = expand(item[f.key]).size;
    b.textContent = n ? `${n} slot${n === 1 ? "" : "s"}` : "none";
    b.setAttribute("aria-label", `${label}: ${b.textContent}, edit`);
    b.addEventListener("click", () =>
      editSlots(`${f.label}: ${item.id || "?"}`, item[f.key], (patterns) => {
        if (patterns.length) item[f.key] = patterns;
        else delete item[f.key];
        write();
        draw();
      }),
    );
    return b;
  }
  const el = document.createElement("input");
  el.setAttribute("aria-label", label);
  const v = f.get ? f.get(item) : item[f.key];
  if (f.kind === "number") {
    el.type = "number";
    el.min = f.min ?? 1;
    el.value = v ?? "";
    el.placeholder = f.placeholder || "";
  } else {
    el.value = f.kind === "list" ? (v || []).join(", ") : v ?? "";
    el.placeholder = f.placeholder || "";
  }
  if (f.kind === "list" && f.options) el.setAttribute("list", f.options);
  el.size = f.size || 10;
  el.addEventListener("change", () => {
    let x = el.value.trim();
    if (f.kind === "number") x = x === "" ? undefined : Number(x);
    else if (f.kind === "list") x = x ? x.split(",").map((s) => s.trim()).filter(Boolean) : undefined;
    else if (x === "") x = undefined;
    if (f.set) f.set(item, x);
    else if (x === undefined) delete item[f.key];
    else item[f.key] = x;
    write();
    if (f.redraw) draw();
  });
  return el;
}

// Lists of the ids entered, for the lessons' fields to suggest.
function suggest(id, values) {
  const dl = $(id);
  dl.innerHTML = "";
  for (const v of values) dl.appendChild(Object.assign(document.createElement("option"), { value: v }));
}

// A lesson's room need: features (`room: {features: [lab]}`) or one room (`room: {id: GYM}`).
const roomNeed = {
  get: (e) => (e.room && e.room.id ? e.room.id : e.room && e.room.features ? e.room.features.map((f) => `+${f}`).join(", ") : ""),
  set: (e, x) => {
    if (!x) delete e.room;
    else if (x.startsWith("+")) e.room = { features: x.split(",").map((s) => s.trim().replace(/^\+/, "")).filter(Boolean) };
    else e.room = { id: x };
  },
};

function draw() {
  const r = doc.resources || (doc.resources = {});
  for (const k of ["teachers", "groups", "rooms"]) r[k] = r[k] || [];
  doc.events = doc.events || [];
  doc.calendar = doc.calendar || structuredClone(BLANK.calendar);
  $("tt-f-name").value = doc.name || "";
  $("tt-f-days").value = days().join(", ");
  table("tt-f-periods", doc.calendar.periods, [
    { key: "id", label: "period", size: 4, redraw: true },
    { key: "start", label: "start", placeholder: "08:00", size: 6 },
    { key: "end", label: "end", placeholder: "08:45", size: 6 },
  ], (n) => ({ id: n }), "period");
  const blocked = expand(doc.calendar.blocked).size;
  $("tt-f-blocked").textContent = blocked ? `${blocked} blocked slot${blocked === 1 ? "" : "s"}` : "no blocked slot";
  table("tt-f-teachers", r.teachers, [
    { key: "id", label: "id", redraw: true },
    { key: "name", label: "name", size: 14 },
    { key: "unavailable", label: "unavailable", kind: "slots" },
    { key: "max_per_day", label: "at most a day", kind: "number", size: 4 },
  ], (n) => ({ id: `teacher${n}` }), "teacher");
  table("tt-f-groups", r.groups, [
    { key: "id", label: "id", redraw: true },
    { key: "size", label: "pupils", kind: "number", size: 4 },
    { key: "unavailable", label: "unavailable", kind: "slots" },
  ], (n) => ({ id: `class${n}`, size: 25 }), "class");
  table("tt-f-rooms", r.rooms, [
    { key: "id", label: "id", redraw: true },
    { key: "capacity", label: "seats", kind: "number", size: 4 },
    { key: "features", label: "features", kind: "list", placeholder: "lab, gym" },
    { key: "unavailable", label: "unavailable", kind: "slots" },
  ], (n) => ({ id: `room${n}`, capacity: 30 }), "room");
  table("tt-f-events", doc.events, [
    { key: "id", label: "lesson", size: 10 },
    { key: "subject", label: "subject", size: 8 },
    { key: "teachers", label: "teachers", kind: "list", options: "tt-teacher-ids", size: 12 },
    { key: "groups", label: "classes", kind: "list", options: "tt-group-ids", size: 10 },
    { key: "count", label: "a week", kind: "number", size: 3, placeholder: "1" },
    { key: "duration", label: "periods", kind: "number", size: 3, placeholder: "1" },
    { key: "room", label: "room (id, or +feature)", ...roomNeed, options: "tt-room-ids", size: 10 },
  ], (n) => ({ id: `lesson${n}`, teachers: [], groups: [], count: 1 }), "lesson");
  suggest("tt-teacher-ids", r.teachers.map((t) => t.id));
  suggest("tt-group-ids", r.groups.map((g) => g.id));
  const features = [...new Set(r.rooms.flatMap((x) => x.features || []))].map((f) => `+${f}`);
  suggest("tt-room-ids", [...r.rooms.map((x) => x.id), ...features]);
  const c = doc.constraints || {};
  const n = (c.hard || []).length, m = (c.soft || []).length;
  $("tt-f-requirements").textContent = `${n} hard and ${m} soft requirement${m === 1 ? "" : "s"} besides the rules every timetable keeps (no clash of a teacher, class or room): edit them in the YAML.`;
}

$("tt-f-name").addEventListener("change", () => {
  doc.name = $("tt-f-name").value.trim() || "timetable";
  write();
});
$("tt-f-days").addEventListener("change", () => {
  doc.calendar.days = $("tt-f-days").value.split(",").map((s) => s.trim()).filter(Boolean);
  write();
  draw();
});
$("tt-f-blocked").addEventListener("click", () =>
  editSlots("Blocked for everyone", doc.calendar.blocked, (patterns) => {
    if (patterns.length) doc.calendar.blocked = patterns;
    else delete doc.calendar.blocked;
    write();
    draw();
  }),
);

// Forms or YAML: one shown at a time, the same document.
function show(forms) {
  $("tt-forms").hidden = !forms;
  $("tt-text").hidden = forms;
  $("tt-show-forms").setAttribute("aria-pressed", String(forms));
  $("tt-show-yaml").setAttribute("aria-pressed", String(!forms));
}
$("tt-show-forms").addEventListener("click", () => show(true));
$("tt-show-yaml").addEventListener("click", () => show(false));

read();
