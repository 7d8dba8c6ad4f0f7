// Browser tests of the page as a whole: accessibility (axe-core: no serious or critical
// finding on any tab), keyboard-only use, phone widths, and the first load's size and time.

import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { pastePuzzle, PUZZLE } from "./helpers.mjs";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

// axe-core's findings of impact serious or critical on the page as it is, with where.
async function serious(page) {
  await page.addScriptTag({ path: axePath });
  const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  return r.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ")}`);
}

// Each tab with something in it: a puzzle, a coloured graph, a solved model, a timetable.
async function fillTabs(page, url) {
  await page.goto(url);
  await pastePuzzle(page);
  await page.click("#tab-colour");
  await page.click("#colour-go");
  await page.waitForFunction(() => /proved/.test(document.getElementById("colour-result").textContent), null, { timeout: 30000 });
  await page.click("#tab-model");
  await page.check("#model-trace");
  await page.click("#model-solve");
  await page.waitForFunction(() => /satisfiable/.test(document.getElementById("model-result").textContent));
  await page.click("#tab-timetable");
  await page.click("#tt-example");
  await page.waitForFunction(() => /kind: timetable/.test(document.getElementById("tt-text").value));
    // The forms have read it (they grow the page: clicks wait for that).
    await page.waitForFunction(() => document.getElementById("tt-f-name").value === "school-week");
  await page.click("#tt-solve");
  await page.waitForFunction(() => (document.getElementById("tt-result").dataset.done || "0") !== "0", null, { timeout: 30000 });
}

export default function (test, { shots }) {
  test("no tab has a serious accessibility finding", async (page, url) => {
    await fillTabs(page, url);
    const found = [];
    for (const tab of ["sudoku", "colour", "model", "timetable"]) {
      await page.click(`#tab-${tab}`);
      for (const f of await serious(page)) found.push(`${tab}: ${f}`);
    }
    // The dialogs and a step drawn on the board too.
    await page.click("#tab-sudoku");
    await page.click("#explain");
    await page.waitForSelector("#steps button");
    await page.click("#steps button");
    for (const f of await serious(page)) found.push(`step: ${f}`);
    for (const d of ["show-keys", "show-history"]) {
      await page.click(`#${d}`);
      for (const f of await serious(page)) found.push(`${d}: ${f}`);
      await page.keyboard.press("Escape");
    }
    assert.deepEqual(found, []);
  });

  test("every tab fits a phone's width", async (page, url) => {
    await fillTabs(page, url);
    const wide = [];
    for (const tab of ["sudoku", "colour", "model", "timetable"]) {
      await page.click(`#tab-${tab}`);
      const w = await page.evaluate(() => document.documentElement.scrollWidth);
      if (w > 390) wide.push(`${tab}: ${w} px`);
      await page.screenshot({ path: `${shots}/phone-${tab}.png`, fullPage: true });
    }
    assert.deepEqual(wide, [], "nothing sticks out sideways");
  }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a game is played with the keyboard alone", async (page, url) => {
    await page.goto(url);
    // Tab until the element is focused: what a keyboard user can reach.
    const reach = async (id) => {
      for (let i = 0; i < 80; i++) {
        if ((await page.evaluate(() => document.activeElement && document.activeElement.id)) === id) return;
        await page.keyboard.press("Tab");
      }
      assert.fail(`#${id} cannot be reached with Tab`);
    };
    await reach("paste");
    await page.keyboard.press("Enter");
    await page.waitForSelector("#paste-dialog[open]");
    await page.keyboard.type(PUZZLE);
    await reach("paste-ok");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => /puzzle \(ER .*one solution/.test(document.getElementById("message").textContent), null, { timeout: 30000 });
    await reach("board");
    // From the first empty cell (r1c2): right once, a corner mark, back, a digit.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+3");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("7");
    await page.waitForFunction(() => {
      const g = JSON.parse(localStorage.getItem("csp-sudoku")).game;
      return g.values[1] === 7 && g.corner[2] === 4;
    });
    await page.keyboard.press("?");
    await page.waitForSelector("#keys-dialog[open]");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+z");
    await reach("hint");
    // Each level's own words: a press waits for the answer to the one before.
    for (const words of [/Press Hint again for where to look/, /Press Hint again for the whole step/, /^(?!Hint)./]) {
      await page.keyboard.press("Enter");
      await page.waitForFunction((w) => new RegExp(w).test(document.getElementById("message").textContent), words.source);
    }
    await reach("apply-hint");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.getElementById("message").textContent === "applied");
    // The tab bar: arrows move between tabs; the colouring runs from its button.
    await reach("tab-sudoku");
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.getAttribute("#tab-colour", "aria-selected"), "true");
    await reach("colour-go");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => /χ = 3, proved/.test(document.getElementById("colour-result").textContent), null, { timeout: 30000 });
  });

  test("the first load is small and quick", async (page, url) => {
    // One load to warm the browser's caches of compiled code, then the median of seven.
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName("csp-interactive").length === 1);
    const loads = [];
    for (let i = 0; i < 7; i++) {
      await page.goto(url);
      await page.waitForFunction(() => performance.getEntriesByName("csp-interactive").length === 1);
      loads.push(
        await page.evaluate(() => {
          const files = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")].filter((e) => !e.name.includes("/api/"));
          return { bytes: files.reduce((a, e) => a + e.encodedBodySize, 0), files: files.length, ms: performance.getEntriesByName("csp-interactive")[0].startTime };
        }),
      );
    }
    const ms = loads.map((l) => l.ms).sort((a, b) => a - b)[3];
    const bytes = loads[0].bytes;
    writeFileSync(`${shots}/load.json`, JSON.stringify({ bytes, files: loads[0].files, median_ms: ms, runs_ms: loads.map((l) => l.ms) }, null, 1));
    console.log(`    first load: ${bytes} bytes in ${loads[0].files} files; interactive after ${ms.toFixed(0)} ms (median of 7)`);
    assert.ok(bytes < 300 * 1024, `${bytes} bytes`);
    assert.ok(ms < 200, `${ms} ms`);
  });
}
