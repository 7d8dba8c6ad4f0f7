// Browser tests of the Sudoku tab: what a player does, from a new puzzle to the end.

import assert from "node:assert/strict";
import { saved, boardValues, cellValue, PUZZLE, pastePuzzle } from "./helpers.mjs";

// What a move changes: the values and the candidate marks.
const progress = async (page) => {
  const g = await saved(page);
  return { values: g.values, marks: g.marks };
};

export default function (test, { shots }) {
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
      const before = await progress(page);
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
      assert.notDeepEqual(await progress(page), before, "an applied hint places a digit or crosses out marks");
      hints++;
      assert.ok(hints < 100, "hints make progress");
    }
    await page.waitForFunction(() => /well done/.test(document.getElementById("message").textContent), null, { timeout: 10000 });
    const values = await boardValues(page);
    assert.ok(values.every((v) => /^[1-9]$/.test(v)), "every cell is filled");
    await page.screenshot({ path: `${shots}/sudoku-solved.png` });
    // The solve is in the history, at its level, with its hints counted.
    await page.click("#show-history");
    const summary = await page.$$eval("#history-summary tr", (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));
    assert.deepEqual(summary[0], ["level", "solved", "best", "median", "without hints"]);
    assert.equal(summary.length, 2, "one level played");
    assert.equal(summary[1][1], "1", "one puzzle solved");
    assert.equal(summary[1][4], "0", "solved with hints");
    const latest = await page.$$eval("#history-latest tr", (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));
    assert.equal(latest[1][3], String(hints), "every hint asked for is counted");
    await page.screenshot({ path: `${shots}/sudoku-history.png` });
  });

  test("a pasted puzzle sets the level, and Solve shows the solution without a prize", async (page, url) => {
    const errors = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(url);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.selectOption("#level", "easy");
    await pastePuzzle(page);
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
    await pastePuzzle(page);
    await page.click("#fill-marks");
    await page.waitForFunction(() => /now cross out/.test(document.getElementById("message").textContent));
    const before = (await saved(page)).marks;
    assert.ok(before[1] !== 0, "r1c2 has marks now");
    // Cross out the lowest candidate of r1c2 in pencil mode.
    const low = Math.min(...[1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => before[1] & (1 << (d - 1))));
    await page.click("#mode-candidate");
    await page.waitForSelector('#mode-candidate[aria-pressed="true"]');
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
    await pastePuzzle(page);
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
    await page.waitForFunction(() => document.querySelector('#board .cell[data-cell="2"] .value').textContent === "1");
    await page.reload();
    await page.waitForSelector('#board .cell[data-cell="2"]');
    assert.equal(await cellValue(page, 2), "1");
  });

  test("corner and centre marks go into several cells selected at once", async (page, url) => {
    await page.goto(url);
    await pastePuzzle(page);
    // r1c2 to r1c4 are empty: drag across them, then add r1c6 with Ctrl+click.
    const box = async (i) => (await page.$(`#board .cell[data-cell="${i}"]`)).boundingBox();
    const [a, b] = [await box(1), await box(3)];
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
    await page.mouse.up();
    await page.click('#board .cell[data-cell="5"]', { modifiers: ["Control"] });
    assert.equal(await page.$$eval("#board .cell.selected", (c) => c.map((x) => x.dataset.cell).join(",")), "1,2,3,5");
    await page.keyboard.press("Shift+3");
    await page.keyboard.press("Alt+7");
    await page.keyboard.press("x");
    await page.keyboard.press("9");
    await page.waitForFunction(() => JSON.parse(localStorage.getItem("csp-sudoku")).game.corner[5] !== 0);
    const g = await saved(page);
    for (const i of [1, 2, 3, 5]) {
      assert.equal(g.corner[i], (1 << 2) | (1 << 8), `corner marks 3 and 9 in cell ${i}`);
      assert.equal(g.centre[i], 1 << 6, `centre mark 7 in cell ${i}`);
    }
    assert.equal(g.corner[4], 0, "a cell not selected keeps none");
    assert.equal(await page.textContent('#board .cell[data-cell="5"] .centre'), "7");
    assert.deepEqual(await page.$$eval('#board .cell[data-cell="5"] .corner span', (s) => s.map((x) => x.textContent).filter(Boolean)), ["3", "9"]);
    assert.match(await page.textContent('#board .cell[data-cell="5"] .sr'), /r1c6, empty, corner 3 9, centre 7/);
    // Pressed again in all of them, a mark goes from all; an entry clears its digit nearby.
    await page.keyboard.press("Shift+3");
    await page.waitForFunction(() => JSON.parse(localStorage.getItem("csp-sudoku")).game.corner[1] === 1 << 8);
    await page.keyboard.press("z");
    await page.click('#board .cell[data-cell="4"]');
    await page.keyboard.press("9");
    await page.waitForFunction(() => JSON.parse(localStorage.getItem("csp-sudoku")).game.corner[1] === 0);
    await page.screenshot({ path: `${shots}/sudoku-corner-centre.png` });
  });

  test("a digit's candidates are highlighted, and so are the cells of two candidates", async (page, url) => {
    await page.goto(url);
    await pastePuzzle(page);
    await page.click('#filters button[data-filter="4"]');
    // The cells the page picks are those where the rules leave a 4 (worked out here alone).
    const expected = await page.evaluate(() => {
      const g = JSON.parse(localStorage.getItem("csp-sudoku")).game;
      const seen = (i, j) => i !== j && (Math.floor(i / 9) === Math.floor(j / 9) || i % 9 === j % 9 || (Math.floor(i / 27) === Math.floor(j / 27) && Math.floor((i % 9) / 3) === Math.floor((j % 9) / 3)));
      return g.values.map((v, i) => !v && !g.values.some((w, j) => w === 4 && seen(i, j))).map((x, i) => (x ? i : -1)).filter((i) => i >= 0);
    });
    const picked = await page.$$eval("#board .cell.filtered", (c) => c.map((x) => Number(x.dataset.cell)));
    assert.deepEqual(picked, expected);
    const fours = await page.$$eval("#board .cell.same .value", (c) => c.map((x) => x.textContent));
    assert.ok(fours.length >= 1 && fours.every((t) => t === "4"), "the 4s placed are highlighted too");
    await page.screenshot({ path: `${shots}/sudoku-highlight.png` });
    // H cycles: from 4 to 5; the last filter is "pairs", then off.
    await page.click('#board .cell[data-cell="1"]');
    await page.keyboard.press("h");
    assert.equal(await page.getAttribute('#filters button[data-filter="5"]', "aria-pressed"), "true");
    await page.click('#filters button[data-filter="pairs"]');
    const pairs = await page.$$eval("#board .cell.filtered", (c) => c.length);
    assert.ok(pairs > 0, "some cells have two candidates");
    await page.click('#filters button[data-filter="pairs"]');
    assert.equal(await page.$$eval("#board .cell.filtered", (c) => c.length), 0);
  });

  test("cells and candidates are coloured, and the colours undo", async (page, url) => {
    await page.goto(url);
    await pastePuzzle(page);
    await page.click("#fill-marks");
    await page.click('#board .cell[data-cell="1"]');
    await page.keyboard.press("v");
    await page.keyboard.press("1");
    await page.waitForSelector('#board .cell[data-cell="1"] .paint.c1');
    // Candidate colours: choose green, then a candidate of r1c2 takes it (by key and by click).
    await page.keyboard.press("Shift+V");
    await page.click('#palette button[data-colour="3"]');
    const g = await saved(page);
    const [d1, d2] = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => g.marks[1] & (1 << (d - 1)));
    await page.click('#board .cell[data-cell="1"]');
    await page.keyboard.press(String(d1));
    await page.click(`#board .cell[data-cell="1"] .marks span[data-digit="${d2}"]`);
    await page.waitForFunction(() => Object.keys(JSON.parse(localStorage.getItem("csp-sudoku")).game.candidateColours).length === 2);
    const painted = await page.$$eval('#board .cell[data-cell="1"] .marks span.painted.c3', (s) => s.map((x) => Number(x.dataset.digit)));
    assert.deepEqual(painted, [d1, d2]);
    await page.screenshot({ path: `${shots}/sudoku-colours.png` });
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+z");
    await page.waitForFunction(() => {
      const g = JSON.parse(localStorage.getItem("csp-sudoku")).game;
      return g.colours[1] === 0 && Object.keys(g.candidateColours).length === 0;
    });
  });

  test("a chain is drawn on the board with its strong and weak links", async (page, url) => {
    await page.goto(url);
    await pastePuzzle(page, "......5.94....2.8....5..64..4..1..93.9.2.4.1.38..5..6..39..8....6.1....87.8......");
    await page.click("#explain");
    await page.waitForFunction(() => /steps/.test(document.getElementById("message").textContent), null, { timeout: 30000 });
    const step = page.locator("#steps button", { hasText: /^alternating inference chain/ }).first();
    const text = await step.textContent();
    await step.click();
    // The chain as the explanation writes it: (d)rXcY = … - …; one circle a candidate.
    const nodes = text.split(":").slice(1).join(":").split(/: if /)[0].match(/\(\d\)r\dc\d/g);
    await page.waitForSelector("#board .overlay circle");
    assert.equal(await page.$$eval("#board .overlay circle.node", (c) => c.length), nodes.length);
    assert.equal(await page.$$eval("#board .overlay line.link.strong", (c) => c.length), Math.ceil((nodes.length - 1) / 2));
    assert.equal(await page.$$eval("#board .overlay line.link.weak", (c) => c.length), Math.floor((nodes.length - 1) / 2));
    const dash = await page.$eval("#board .overlay line.link.weak", (l) => getComputedStyle(l).strokeDasharray);
    assert.notEqual(dash, "none", "weak links are dashed");
    assert.ok((await page.$$eval("#board .marks span.elim", (s) => s.length)) >= 1, "the elimination is struck");
    await page.screenshot({ path: `${shots}/sudoku-chain.png` });
    // Escape returns to the game: nothing drawn over it.
    await page.keyboard.press("Escape");
    assert.equal(await page.$$eval("#board .overlay *", (c) => c.length), 0);
  });

  test("the shortcut sheet lists the keys, and the grid exports and prints", async (page, url) => {
    await page.goto(url);
    await pastePuzzle(page);
    await page.click('#board .cell[data-cell="1"]');
    await page.keyboard.press("?");
    await page.waitForSelector("#keys-dialog[open]");
    const rows = await page.$$eval("#keys-table tr", (r) => r.map((x) => x.textContent));
    for (const k of ["Shift+digit", "Alt+digit", "Ctrl+Z", "Escape", "Shift+V"]) assert.ok(rows.some((r) => r.startsWith(k)), `the sheet lists ${k}`);
    await page.screenshot({ path: `${shots}/sudoku-keys.png` });
    await page.keyboard.press("Escape");
    await page.waitForSelector("#keys-dialog:not([open])", { state: "attached" });
    await page.click('#board .cell[data-cell="1"]');
    await page.keyboard.press("7");
    const download = page.waitForEvent("download");
    await page.click("#export");
    const file = await download;
    const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
    const lines = text.split("\n").filter((l) => l && !l.startsWith("#"));
    assert.equal(lines[0], PUZZLE);
    assert.equal(lines[1], PUZZLE.slice(0, 1) + "7" + PUZZLE.slice(2));
    assert.equal(lines[2].length, 729);
    // Printed, the board stands alone.
    await page.emulateMedia({ media: "print" });
    assert.equal(await page.isVisible("#board"), true);
    assert.equal(await page.isVisible("#hint"), false);
    assert.equal(await page.isVisible("header"), false);
    await page.screenshot({ path: `${shots}/sudoku-print.png` });
    await page.emulateMedia({ media: "screen" });
  });

  test(
    "the board fits a phone and takes taps",
    async (page, url) => {
      await page.goto(url);
      await pastePuzzle(page);
      const board = await page.$eval("#board", (b) => b.getBoundingClientRect().right);
      assert.ok(board <= 390, `the board fits the screen (right edge ${board})`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `nothing sticks out sideways (page width ${width})`);
      await page.tap('#board .cell[data-cell="1"]');
      await page.tap('#keypad button[data-digit="1"]');
      assert.equal(await cellValue(page, 1), "1");
      await page.screenshot({ path: `${shots}/sudoku-phone.png`, fullPage: true });
    },
    { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  );
}
