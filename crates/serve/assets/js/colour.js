// The Colouring tab: a graph pasted, opened, dropped or picked from the examples, coloured
// with χ proved (bounds shown live), drawn in a force, circle or board layout with the clique
// that proves the lower bound ringed.

import { $, events, download, examplesMenu, readDropped } from "./common.js";

const SVG = "http://www.w3.org/2000/svg";
const SIZE = 640, MARGIN = 30;
// Vertex names are written beside the vertices up to this many.
const MAX_LABELS = 60;

let colouring = null;

examplesMenu($("colour-example"), "colour", (text) => ($("graph-text").value = text));
$("graph-file").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  if (f) $("graph-text").value = await f.text();
});
readDropped($("graph-text"));

$("colour-go").addEventListener("click", async () => {
  const out = $("colour-result");
  out.className = "message";
  out.textContent = "searching…";
  $("colour-picture").innerHTML = "";
  $("colour-clique-text").textContent = "";
  $("colour-view").hidden = true;
  $("colour-go").disabled = true;
  $("colour-download").disabled = true;
  let answered = false;
  try {
    const body = { graph: $("graph-text").value, time_limit: Number($("graph-time").value) || 10 };
    await events("/api/colour/live", body, (name, j) => {
      if (name === "progress") {
        out.textContent = `${j.lb} ≤ χ ≤ ${j.ub} … ${j.phase} (${j.elapsed.toFixed(1)} s)`;
      } else if (name === "error") {
        answered = true;
        out.className = "message bad";
        out.textContent = j.error;
      } else if (name === "result") {
        answered = true;
        showColouring(j);
      }
    });
    if (!answered) throw new Error("the search ended without an answer");
  } catch (e) {
    out.className = "message bad";
    out.textContent = e.message;
  } finally {
    $("colour-go").disabled = false;
  }
});

function showColouring(j) {
  const out = $("colour-result");
  colouring = j;
  out.className = "message " + (j.proved ? "good" : "");
  out.textContent = j.proved
    ? `χ = ${j.ub}, proved (${j.vertices} vertices, ${j.edges} edges; lower bound by ${j.lb_source}, colouring by ${j.ub_source}; ${j.elapsed.toFixed(2)} s)`
    : `${j.lb} ≤ χ ≤ ${j.ub} when the time ran out (${j.vertices} vertices, ${j.edges} edges)`;
  const k = j.clique.length;
  $("colour-clique-text").textContent = k
    ? `The clique ${j.clique.map((v) => name(v - 1)).join(", ")}: ${k} vertices, each joined to every other, so at least ${k} colours${j.lb > k ? `; the lower bound ${j.lb} comes from ${j.lb_source}` : ""}.`
    : "";
  $("colour-download").disabled = false;
  if (!j.positions) {
    $("colour-picture").textContent = `(no picture beyond ${300} vertices)`;
    return;
  }
  const side = Math.round(Math.sqrt(j.vertices));
  const board = $("colour-layout").querySelector('option[value="board"]');
  board.disabled = side * side !== j.vertices;
  if (board.disabled && $("colour-layout").value === "board") $("colour-layout").value = "force";
  $("colour-view").hidden = false;
  drawGraph();
}

const name = (v) => (colouring.names ? colouring.names[v] : String(v + 1));

// Positions in the unit square by layout: the server's force layout; a circle with the
// colour classes together; the board, row by row, for a graph of n² vertices (queen graphs).
function positions(layout) {
  const j = colouring, n = j.vertices;
  if (layout === "circle") {
    const order = [...Array(n).keys()].sort((a, b) => j.colouring[a] - j.colouring[b] || a - b);
    const at = new Array(n);
    order.forEach((v, i) => {
      const a = (2 * Math.PI * i) / n - Math.PI / 2;
      at[v] = [0.5 + 0.5 * Math.cos(a), 0.5 + 0.5 * Math.sin(a)];
    });
    return at;
  }
  if (layout === "board") {
    const side = Math.round(Math.sqrt(n));
    return [...Array(n).keys()].map((v) => [(v % side + 0.5) / side, (Math.floor(v / side) + 0.5) / side]);
  }
  return j.positions;
}

function el(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// The picture, built as elements (names are text nodes: a graph's names never run as markup).
function drawGraph() {
  const j = colouring, layout = $("colour-layout").value;
  const at = positions(layout).map(([x, y]) => [MARGIN + x * (SIZE - 2 * MARGIN), MARGIN + y * (SIZE - 2 * MARGIN)]);
  const clique = $("colour-clique").checked ? new Set(j.clique.map((v) => v - 1)) : new Set();
  const svg = el("svg", { viewBox: `0 0 ${SIZE} ${SIZE}`, width: SIZE, height: SIZE, role: "img" });
  el("title", {}, svg).textContent = `${j.instance}: ${j.vertices} vertices coloured with ${j.ub} colours${clique.size ? `, a clique of ${clique.size} ringed` : ""}`;
  el("rect", { width: SIZE, height: SIZE, fill: "#fff" }, svg);
  const side = Math.round(Math.sqrt(j.vertices));
  if (layout === "board") {
    const cell = (SIZE - 2 * MARGIN) / side;
    for (let r = 0; r < side; r++) for (let c = 0; c < side; c++) el("rect", { x: MARGIN + c * cell, y: MARGIN + r * cell, width: cell, height: cell, fill: (r + c) % 2 ? "#e8e2d4" : "#f8f5ee" }, svg);
  }
  const edges = el("g", { class: "edges" }, svg);
  for (const [u, v] of j.edge_list) {
    const inClique = clique.has(u - 1) && clique.has(v - 1);
    // On a board the moves are the edges: only the clique's are drawn.
    if (layout === "board" && !inClique) continue;
    el("line", { x1: at[u - 1][0], y1: at[u - 1][1], x2: at[v - 1][0], y2: at[v - 1][1], class: inClique ? "clique" : "" }, edges);
  }
  const r = layout === "board" ? Math.min(16, (SIZE - 2 * MARGIN) / side / 3) : Math.max(3, Math.min(14, SIZE / Math.sqrt(j.vertices) / 6));
  const nodes = el("g", { class: "vertices" }, svg);
  for (let v = 0; v < j.vertices; v++) {
    const g = el("g", { class: clique.has(v) ? "vertex clique" : "vertex" }, nodes);
    el("circle", { cx: at[v][0], cy: at[v][1], r, fill: j.palette[(j.colouring[v] - 1) % j.palette.length] }, g);
    el("title", {}, g).textContent = `${name(v)}: colour ${j.colouring[v]}${clique.has(v) ? " (in the clique)" : ""}`;
    if (j.vertices <= MAX_LABELS && layout !== "board") el("text", { x: at[v][0], y: at[v][1] + r + 10, "text-anchor": "middle" }, g).textContent = name(v);
  }
  const pic = $("colour-picture");
  pic.innerHTML = "";
  pic.appendChild(svg);
}

$("colour-layout").addEventListener("change", () => colouring && colouring.positions && drawGraph());
$("colour-clique").addEventListener("change", () => colouring && colouring.positions && drawGraph());

$("colour-download").addEventListener("click", () => {
  if (!colouring) return;
  const lines = [`c ${colouring.instance}: ${colouring.ub} colours${colouring.proved ? " (optimal)" : ""}`, `s col ${colouring.ub}`];
  colouring.colouring.forEach((c, v) => lines.push(`v ${v + 1} ${c}`));
  download(`${colouring.instance || "graph"}.sol`, "text/plain", lines.join("\n") + "\n");
});
