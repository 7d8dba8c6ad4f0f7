// End-to-end tests of `csp serve` in a real browser: Debian's chromium, headless, driven by
// playwright-core. Usage: node run.mjs PATH/TO/csp [SCREENSHOT_DIR]
//
// Each scenario is what a person does: play a generated easy puzzle to the end with hints
// only, type a digit that conflicts and see it marked, colour a graph and see χ proved (and
// the bounds of a harder one tighten live), count a model's solutions, solve the school week,
// read it by teacher, pin a lesson and re-solve,
// reload and find the game kept. Screenshots of each page go to SCREENSHOT_DIR
// (target/e2e by default) to be looked at.

import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import assert from "node:assert/strict";

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
const test = (name, f, context = {}) => tests.push({ name, f, context });

const boardValues = (page) =>
  page.$$eval("#board .cell", (cells) => cells.map((c) => (c.querySelector(".marks") ? "" : c.textContent)));

// The game as kept in local storage: its values and marks.
const saved = (page) =>
  page.evaluate(() => {
    const g = JSON.parse(localStorage.getItem("csp-sudoku")).game;
    return { values: g.values, marks: g.marks };
  });

test("a generated easy puzzle is played to the end with hints only", async (page, url) => {
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.selectOption("#level", "easy");
  await page.click("#new");
  await page.waitForFunction(() => /new easy puzzle/.test(document.getElementById("message").textContent), null, { timeout: 30000 });
  await page.screenshot({ path: `${shots}/sudoku-new.png` });
  let hints = 0;
  for (;;) {
    const before = await saved(page);
    await page.click("#hint");
    await page.waitForFunction(() => /Hint:|solved/.test(document.getElementById("message").textContent));
    const text = await page.textContent("#message");
    if (/solved/.test(text)) break;
    assert.match(text, /Hint: an? .* — /, "level 1 names the technique");
    const [, art, first] = text.match(/^Hint: (an?) (\w)/);
    assert.equal(art, /[aeiou]/i.test(first) ? "an" : "a", "the article fits the technique's name");
    await page.click("#hint");
    await page.waitForFunction(() => /look at/.test(document.getElementById("message").textContent));
    await page.click("#hint");
    await page.waitForFunction(() => !/^Hint/.test(document.getElementById("message").textContent));
    if (hints === 0) await page.screenshot({ path: `${shots}/sudoku-hint-step.png` });
    await page.click("#apply-hint");
    assert.notDeepEqual(await saved(page), before, "an applied hint places a digit or crosses out marks");
    hints++;
    assert.ok(hints < 100, "hints make progress");
  }
  await page.waitForFunction(() => /well done/.test(document.getElementById("message").textContent), null, { timeout: 10000 });
  const values = await boardValues(page);
  assert.ok(values.every((v) => /^[1-9]$/.test(v)), "every cell is filled");
  await page.screenshot({ path: `${shots}/sudoku-solved.png` });
});

test("a pasted puzzle sets the level, and Solve shows the solution without a prize", async (page, url) => {
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.selectOption("#level", "easy");
  await page.click("#paste");
  await page.fill("#paste-text", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  await page.click("#paste-ok");
  await page.waitForFunction(() => /puzzle \(ER .*one solution/.test(document.getElementById("message").textContent), null, { timeout: 30000 });
  const level = await page.inputValue("#level");
  assert.notEqual(level, "easy", "the level box follows the pasted puzzle");
  assert.match(await page.textContent("#message"), new RegExp(`\\b${level} puzzle`));
  await page.click("#solve");
  await page.waitForFunction(() => /shown by the solver/.test(document.getElementById("message").textContent));
  assert.doesNotMatch(await page.textContent("#message"), /well done/);
  assert.deepEqual(errors, [], "no console errors (the favicon is served)");
});

test("candidates are filled into the player's marks, crossed out, and kept apart from Auto marks", async (page, url) => {
  await page.goto(url);
  await page.click("#paste");
  await page.fill("#paste-text", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  await page.click("#paste-ok");
  await page.waitForFunction(() => /puzzle \(ER .*one solution/.test(document.getElementById("message").textContent), null, { timeout: 30000 });
  await page.click("#fill-marks");
  await page.waitForFunction(() => /now cross out/.test(document.getElementById("message").textContent));
  const before = (await saved(page)).marks;
  assert.ok(before[1] !== 0, "r1c2 has marks now");
  // Cross out the lowest candidate of r1c2 in pencil mode.
  const low = Math.min(...[1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => before[1] & (1 << (d - 1))));
  await page.click("#pencil");
  await page.waitForSelector('#pencil[aria-pressed="true"]');
  await page.click('#board .cell[data-cell="1"]');
  await page.keyboard.press(String(low));
  await page.waitForFunction((m) => JSON.parse(localStorage.getItem("csp-sudoku")).game.marks[1] !== m, before[1]);
  assert.equal((await saved(page)).marks[1], before[1] & ~(1 << (low - 1)), "one mark crossed out");
  // Auto marks shows the crossed-out candidate again, light, and leaves the player's marks.
  await page.click("#automarks");
  const light = await page.$$eval('#board .cell[data-cell="1"] .marks span.computed', (s) => s.map((x) => x.textContent));
  assert.deepEqual(light, [String(low)]);
  assert.equal((await saved(page)).marks[1], before[1] & ~(1 << (low - 1)), "Auto marks does not touch the player's marks");
  await page.screenshot({ path: `${shots}/sudoku-marks.png` });
  // One undo takes the crossing-out back, the next the filling (keys go to the board).
  await page.click('#board .cell[data-cell="1"]');
  await page.keyboard.press("Control+z");
  await page.keyboard.press("Control+z");
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("csp-sudoku")).game.marks.every((m) => m === 0));
});

test("a conflicting digit is marked", async (page, url) => {
  await page.goto(url);
  await page.click("#paste");
  await page.fill("#paste-text", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  await page.click("#paste-ok");
  // The pasted puzzle is rated (the level box follows it): wait for that answer first.
  await page.waitForFunction(() => /puzzle \(ER .*one solution/.test(document.getElementById("message").textContent), null, { timeout: 30000 });
  // r1c2 is empty and r1c1 holds a 4: a 4 in r1c2 repeats it.
  // (Each check waits for the page to have handled the key: a loaded machine is slow.)
  const conflict = (cell, yes) =>
    page.waitForFunction(
      ([c, y]) => document.querySelector(`#board .cell[data-cell="${c}"]`).classList.contains("conflict") === y,
      [cell, yes],
    );
  await page.click('#board .cell[data-cell="1"]');
  await page.keyboard.press("4");
  await conflict(1, true);
  await conflict(0, true);
  await page.screenshot({ path: `${shots}/sudoku-conflict.png` });
  // Undo takes it back; the game survives a reload (local storage).
  await page.keyboard.press("Control+z");
  await conflict(1, false);
  await page.click('#board .cell[data-cell="2"]');
  await page.keyboard.press("1");
  await page.waitForFunction(() => document.querySelector('#board .cell[data-cell="2"]').textContent === "1");
  await page.reload();
  await page.waitForSelector('#board .cell[data-cell="2"]');
  assert.equal(await page.textContent('#board .cell[data-cell="2"]'), "1");
});

test("a pasted graph gets its chromatic number proved", async (page, url) => {
  await page.goto(url);
  await page.click("#tab-colour");
  await page.click("#colour-go");
  await page.waitForFunction(() => /proved/.test(document.getElementById("colour-result").textContent), null, { timeout: 30000 });
  assert.match(await page.textContent("#colour-result"), /χ = 3, proved/);
  await page.waitForSelector("#colour-picture img");
  await page.screenshot({ path: `${shots}/colour.png`, fullPage: true });
  // A graph not proved in seconds: the bounds are shown live, then the bracket at the limit.
  const hard = readFileSync(new URL("../../../data/colouring/1-Insertions_4.col", import.meta.url), "utf8");
  await page.fill("#graph-text", hard);
  await page.fill("#graph-time", "3");
  await page.click("#colour-go");
  await page.waitForFunction(() => /≤ χ ≤ .*…/.test(document.getElementById("colour-result").textContent), null, { timeout: 10000 });
  await page.screenshot({ path: `${shots}/colour-live.png` });
  await page.waitForFunction(() => /when the time ran out/.test(document.getElementById("colour-result").textContent), null, { timeout: 15000 });
  // A broken graph gets its error with the position.
  await page.fill("#graph-text", "p edge 2 1\ne 1 3\n");
  await page.click("#colour-go");
  await page.waitForFunction(() => /line 2, column 5/.test(document.getElementById("colour-result").textContent));
});

test("a model is counted with the strategy chosen", async (page, url) => {
  await page.goto(url);
  await page.click("#tab-model");
  await page.waitForSelector('#model-propagation option[value="gac"]', { state: "attached" });
  await page.selectOption("#model-propagation", "gac");
  await page.selectOption("#model-var-order", "mrv");
  await page.click("#model-count");
  await page.waitForFunction(() => /18 solutions/.test(document.getElementById("model-result").textContent));
  assert.match(await page.textContent("#model-command"), /--propagation gac --var-order mrv/);
  await page.check("#model-trace");
  await page.click("#model-solve");
  await page.waitForFunction(() => /satisfiable/.test(document.getElementById("model-result").textContent));
  // The trace folds: its first node is there to open.
  await page.frameLocator("#model-frame").locator("details summary").first().click();
  await page.screenshot({ path: `${shots}/model.png`, fullPage: true });
});

test("the school week is solved, read by teacher, pinned and re-solved", async (page, url) => {
  await page.goto(url);
  await page.click("#tab-timetable");
  await page.click("#tt-example");
  await page.waitForFunction(() => /kind: timetable/.test(document.getElementById("tt-text").value));
  // Each solve ends by counting itself in #tt-result's data-done: wait for that count to
  // move (progress messages along the way also mention a cost).
  const answered = async (before) =>
    page.waitForFunction((d) => (document.getElementById("tt-result").dataset.done || "0") !== (d || "0"), before, { timeout: 30000 });
  let done = await page.getAttribute("#tt-result", "data-done");
  await page.click("#tt-solve");
  await answered(done);
  assert.match(await page.textContent("#tt-result"), /(optimal|satisfiable), cost/);
  const frame = page.frameLocator("#tt-frame");
  await frame.locator("label", { hasText: /teacher/i }).first().click();
  await page.screenshot({ path: `${shots}/timetable-teachers.png`, fullPage: true });
  // Pin the first lesson where it is, and re-solve: it stays there.
  const first = await page.$$eval("#tt-pins tr", (rows) => rows[1].textContent);
  await page.check('#tt-pins input[data-occurrence="0"]');
  done = await page.getAttribute("#tt-result", "data-done");
  await page.click("#tt-resolve");
  await answered(done);
  assert.match(await page.textContent("#tt-result"), /(optimal|satisfiable), cost/);
  assert.equal(await page.$$eval("#tt-pins tr", (rows) => rows[1].textContent), first);
  assert.ok(await page.isChecked('#tt-pins input[data-occurrence="0"]'));
  // Drag a lesson of the first week shown to an empty slot: pinned there, or refused with
  // the previous timetable kept; tried on empty slots until one takes it.
  let moved = false;
  for (let attempt = 0; attempt < 8 && !moved; attempt++) {
    const chips = page.locator("#tt-grid .chip:not(.pinned)");
    const chip = chips.nth(attempt % (await chips.count()));
    const occurrence = await chip.getAttribute("data-occurrence");
    const empty = page.locator("#tt-grid td[data-slot]:not(:has(.chip))").nth(attempt);
    const slot = await empty.getAttribute("data-slot");
    done = await page.getAttribute("#tt-result", "data-done");
    await chip.dragTo(empty);
    await answered(done);
    if (/previous timetable is kept/.test(await page.textContent("#tt-result"))) continue;
    const at = await page.$eval(`#tt-grid .chip[data-occurrence="${occurrence}"]`, (c) => c.parentElement.dataset.slot);
    assert.equal(at, slot, `the dragged lesson ${occurrence} is where it was dropped: ${await page.textContent("#tt-result")}`);
    moved = true;
  }
  assert.ok(moved, "a lesson could be moved to some empty slot");
  await page.screenshot({ path: `${shots}/timetable-arranged.png`, fullPage: true });
});

test(
  "the board fits a phone and takes taps",
  async (page, url) => {
    await page.goto(url);
    await page.click("#paste");
    await page.fill("#paste-text", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    await page.click("#paste-ok");
    await page.waitForFunction(() => /one solution/.test(document.getElementById("message").textContent));
    const board = await page.$eval("#board", (b) => b.getBoundingClientRect().right);
    assert.ok(board <= 390, `the board fits the screen (right edge ${board})`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `nothing sticks out sideways (page width ${width})`);
    await page.tap('#board .cell[data-cell="1"]');
    await page.tap('#keypad button[data-digit="1"]');
    assert.equal(await page.textContent('#board .cell[data-cell="1"]'), "1");
    await page.screenshot({ path: `${shots}/sudoku-phone.png`, fullPage: true });
  },
  { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
);

const server = await startServer();
const browser = await chromium.launch({ executablePath: browserPath, args: ["--no-sandbox"] });
let failed = 0;
try {
  for (const t of tests) {
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 }, ...t.context });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    try {
      await t.f(page, server.url);
      assert.deepEqual(errors, [], "no script error on the page");
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
console.log(`${tests.length - failed} passed, ${failed} failed; screenshots in ${shots}`);
process.exit(failed ? 1 : 0);
