// The Models tab: a `kind: csp` model solved or counted with the strategy chosen, its trace.

import { $, api, download, row, examplesMenu, readDropped, report } from "./common.js";

examplesMenu($("model-example"), "model", (text) => ($("model-text").value = text));
$("model-file").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  if (f) $("model-text").value = await f.text();
});
readDropped($("model-text"));

fetch("/api/model/options")
  .then((r) => r.json())
  .then((o) => {
    for (const [key, id] of [["propagation", "model-propagation"], ["var_order", "model-var-order"], ["val_order", "model-val-order"]]) {
      for (const name of o[key]) {
        const opt = document.createElement("option");
        opt.value = opt.textContent = name;
        $(id).appendChild(opt);
      }
    }
  })
  .catch((e) => {
    $("model-result").className = "message bad";
    $("model-result").textContent = e.message;
  });

async function runModel(count) {
  const out = $("model-result"), table = $("model-table");
  out.className = "message";
  out.textContent = "solving…";
  table.innerHTML = "";
  const body = { model: $("model-text").value };
  for (const [key, id] of [["propagation", "model-propagation"], ["var_order", "model-var-order"], ["val_order", "model-val-order"]]) {
    if ($(id).value) body[key] = $(id).value;
  }
  if (count) body.count = Number($("model-cap").value) || 1000;
  if ($("model-trace").checked) body.trace = true;
  report($("model-frame-box"), null);
  $("model-tree").innerHTML = "";
  try {
    const j = await api("/api/model", body);
    if (j.solution) {
      out.className = "message good";
      out.textContent = `${j.instance}: satisfiable (${j.strategy})`;
      row(table, ["variable", "value"], true);
      for (const [k, v] of Object.entries(j.solution)) row(table, [k, String(v)]);
    } else if (j.count !== undefined) {
      out.className = "message good";
      out.textContent = `${j.instance}: ${j.exact ? "" : "at least "}${j.count} solution${j.count === 1 ? "" : "s"} (${j.strategy})`;
    } else {
      out.className = "message bad";
      out.textContent = `${j.instance}: ${j.status}${j.limit ? " (" + j.limit + ")" : ""}`;
    }
    const s = j.stats;
    row(table, ["statistic", "value"], true);
    for (const k of ["nodes", "failures", "backtracks", "propagations", "revisions", "max_depth", "solutions"]) row(table, [k, String(s[k])]);
    row(table, ["seconds", s.seconds.toFixed(4)]);
    $("model-command").textContent = j.command;
    modelAnswer = j;
    $("model-study").disabled = false;
    // The trace page runs its fold buttons in a sandbox of its own (no access to this page).
    if (j.trace_html) report($("model-frame-box"), j.trace_html);
    // The tree as an image: a picture never runs script, whatever names the model has.
    if (j.tree_svg) {
      const img = document.createElement("img");
      img.alt = `the search tree: ${s.nodes} nodes, ${s.failures} failures (failures red, solutions green, subtrees without a solution folded)`;
      img.src = URL.createObjectURL(new Blob([j.tree_svg], { type: "image/svg+xml" }));
      $("model-tree").appendChild(img);
    }
  } catch (e) {
    out.className = "message bad";
    out.textContent = e.message;
  }
}

let modelAnswer = null;
// File names as the study expects them: the model's name with only letters, digits, - and _.
const stem = (name) => (name || "model").replace(/[^\p{L}\p{N}_-]/gu, "-");
$("model-study").addEventListener("click", () => modelAnswer && download(`${stem(modelAnswer.instance)}-study.yaml`, "text/yaml", modelAnswer.study));
$("model-save").addEventListener("click", () => {
  const m = $("model-text").value.match(/^name:\s*(.+)$/m);
  download(`${stem(modelAnswer ? modelAnswer.instance : m && m[1].trim())}.yaml`, "text/yaml", $("model-text").value);
});
$("model-solve").addEventListener("click", () => runModel(false));
$("model-count").addEventListener("click", () => runModel(true));
