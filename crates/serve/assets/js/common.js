// What every tab of the page shares: element lookup, the JSON API, server-sent events,
// tables and downloads.

export const $ = (id) => document.getElementById(id);

export async function api(path, body) {
  const r = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  let j;
  try {
    j = await r.json();
  } catch (e) {
    throw new Error(`${path}: HTTP ${r.status}`);
  }
  if (!r.ok) {
    const at = j.line ? ` (line ${j.line}, column ${j.column})` : "";
    throw new Error((j.error || `HTTP ${r.status}`) + at);
  }
  return j;
}


// Server-sent events from a POST: calls `on(name, data)` per event until the stream ends.
export async function events(path, body, on) {
  const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!r.ok) {
    let j = {};
    try {
      j = await r.json();
    } catch (e) {
      /* not JSON */
    }
    const at = j.line ? ` (line ${j.line}, column ${j.column})` : "";
    throw new Error((j.error || `HTTP ${r.status}`) + at);
  }
  const reader = r.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let i;
    while ((i = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      let name = "", data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) name = line.slice(6).trim();
        else if (line.startsWith("data:")) data += line.slice(5).trim();
      }
      if (name) on(name, JSON.parse(data));
    }
  }
}

// A table row of text cells (header cells when `head`).
export function row(table, cells, head) {
  const tr = document.createElement("tr");
  for (const c of cells) {
    const td = document.createElement(head ? "th" : "td");
    td.textContent = c;
    tr.appendChild(td);
  }
  table.appendChild(tr);
}

// The text offered as a file to save.
export function download(name, type, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
}

// The bundled examples, asked for once and shared by the tabs' menus.
let examples = null;
const examplesList = () => (examples = examples || fetch("/api/examples").then((r) => r.json()));

// Fills `select` with the examples of `tab`; choosing one hands its text to `open`.
export function examplesMenu(select, tab, open) {
  examplesList()
    .then((all) => {
      for (const e of all[tab] || []) {
        const opt = document.createElement("option");
        opt.value = e.name;
        opt.textContent = e.title;
        select.appendChild(opt);
      }
    })
    .catch(() => (select.disabled = true));
  select.addEventListener("change", async () => {
    if (!select.value) return;
    const r = await fetch(`/api/examples/${tab}/${encodeURIComponent(select.value)}`);
    if (r.ok) open(await r.text());
  });
}

// A file dropped on a text area replaces its text.
export function readDropped(area) {
  area.addEventListener("dragover", (e) => {
    if (e.dataTransfer.types.includes("Files")) e.preventDefault();
  });
  area.addEventListener("drop", async (e) => {
    const f = e.dataTransfer.files[0];
    if (!f) return;
    e.preventDefault();
    area.value = await f.text();
  });
}

// A report page shown in a sandboxed frame inside `box` (its id, sandbox and title in the
// box's data attributes), or the frame removed when `html` is null. Frames are made only
// when there is something to show: each costs the first load a browsing context.
export function report(box, html) {
  let f = box.querySelector("iframe");
  if (html == null) {
    if (f) f.remove();
    return;
  }
  if (!f) {
    f = document.createElement("iframe");
    f.id = box.dataset.id;
    f.className = "report";
    f.setAttribute("sandbox", box.dataset.sandbox);
    f.title = box.dataset.title;
    box.appendChild(f);
  }
  f.srcdoc = html;
}
