// The Colouring tab: a graph pasted or opened, coloured with χ proved, bounds shown live.

import { $, events } from "./common.js";

let colouring = null;

$("graph-file").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  if (f) $("graph-text").value = await f.text();
});

$("colour-go").addEventListener("click", async () => {
  const out = $("colour-result");
  out.className = "message";
  out.textContent = "searching…";
  $("colour-picture").innerHTML = "";
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
  if (j.svg) {
    // As an image: a picture never runs script, whatever names the graph has.
    const img = document.createElement("img");
    img.alt = `the graph coloured with ${j.ub} colours`;
    img.src = URL.createObjectURL(new Blob([j.svg], { type: "image/svg+xml" }));
    $("colour-picture").appendChild(img);
  }
  $("colour-download").disabled = false;
}

$("colour-download").addEventListener("click", () => {
  if (!colouring) return;
  const lines = [`c ${colouring.instance}: ${colouring.ub} colours${colouring.proved ? " (optimal)" : ""}`, `s col ${colouring.ub}`];
  colouring.colouring.forEach((c, v) => lines.push(`v ${v + 1} ${c}`));
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([lines.join("\n") + "\n"], { type: "text/plain" }));
  a.download = `${colouring.instance || "graph"}.sol`;
  a.click();
});
