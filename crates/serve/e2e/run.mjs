// End-to-end tests of `csp serve` in a real browser: Debian's chromium, headless, driven by
// playwright-core. Usage: node run.mjs PATH/TO/csp [SCREENSHOT_DIR]
//
// Each scenario, one file per tab (sudoku.mjs, colour.mjs, model.mjs, timetable.mjs), is what
// a person does: play a generated easy puzzle to the end with hints only, mark, colour and
// highlight, colour a graph and see χ proved, count a model's solutions, solve the school
// week, pin a lesson and re-solve. Screenshots of each page go to SCREENSHOT_DIR (target/e2e
// by default) to be looked at.

import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import assert from "node:assert/strict";
import sudoku from "./sudoku.mjs";
import colour from "./colour.mjs";
import model from "./model.mjs";
import timetable from "./timetable.mjs";
import quality from "./quality.mjs";

const csp = process.argv[2];
const shots = process.argv[3] || "target/e2e";
if (!csp) {
  console.error("usage: node run.mjs PATH/TO/csp [SCREENSHOT_DIR]");
  process.exit(2);
}
mkdirSync(shots, { recursive: true });

const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";

function startServer() {
  return new Promise((resolve, reject) => {
    const p = spawn(csp, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/[^\s]+\//);
      if (m) resolve({ proc: p, url: m[0] });
    });
    p.on("exit", (code) => reject(new Error(`csp serve exited with ${code}: ${out}`)));
    setTimeout(() => reject(new Error("csp serve did not start in 30 s")), 30000);
  });
}

const tests = [];
// Only the tests named on the command line's third argument (a pattern), when given.
const only = process.argv[4] ? new RegExp(process.argv[4]) : null;
const test = (name, f, context = {}) => tests.push({ name, f, context });

for (const scenarios of [sudoku, colour, model, timetable, quality]) scenarios(test, { shots });

const server = await startServer();
const browser = await chromium.launch({ executablePath: browserPath, args: ["--no-sandbox"] });
let failed = 0;
try {
  for (const t of tests.filter((t) => !only || only.test(t.name))) {
    // `allowConsole`: console errors a test provokes on purpose (a 400 for bad input).
    const { allowConsole, ...options } = t.context;
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 }, ...options });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && !(allowConsole && allowConsole.test(m.text())) && errors.push(`console: ${m.text()}`));
    try {
      await t.f(page, server.url);
      assert.deepEqual(errors, [], "no script or console error on the page");
      console.log(`ok  ${t.name}`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${t.name}: ${e.stack || e}`);
      await page.screenshot({ path: `${shots}/failed-${tests.indexOf(t)}.png` }).catch(() => {});
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.proc.kill();
}
console.log(`${tests.filter((t) => !only || only.test(t.name)).length - failed} passed, ${failed} failed; screenshots in ${shots}`);
process.exit(failed ? 1 : 0);
