// Browser tests of the Colouring tab.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

export default function (test, { shots }) {
  test("a pasted graph gets its chromatic number proved", async (page, url) => {
    await page.goto(url);
    await page.click("#tab-colour");
    await page.click("#colour-go");
    await page.waitForFunction(() => /proved/.test(document.getElementById("colour-result").textContent), null, { timeout: 30000 });
    assert.match(await page.textContent("#colour-result"), /χ = 3, proved/);
    await page.waitForSelector("#colour-picture svg .vertex");
    assert.equal(await page.$$eval("#colour-picture .vertex", (v) => v.length), 10);
    await page.screenshot({ path: `${shots}/colour.png`, fullPage: true });
    // A graph not proved in seconds: the bounds are shown live, then the bracket at the limit.
    // (Opened as a file, as a user would.)
    await page.setInputFiles("#graph-file", { name: "1-Insertions_4.col", mimeType: "text/plain", buffer: readFileSync(new URL("../../../data/colouring/1-Insertions_4.col", import.meta.url)) });
    await page.waitForFunction(() => /^p edge 67 232/m.test(document.getElementById("graph-text").value));
    await page.fill("#graph-time", "3");
    await page.click("#colour-go");
    await page.waitForFunction(() => /≤ χ ≤ .*…/.test(document.getElementById("colour-result").textContent), null, { timeout: 10000 });
    await page.screenshot({ path: `${shots}/colour-live.png` });
    await page.waitForFunction(() => /when the time ran out/.test(document.getElementById("colour-result").textContent), null, { timeout: 15000 });
    // A broken graph gets its error with the position.
    await page.fill("#graph-text", "p edge 2 1\ne 1 3\n");
    await page.click("#colour-go");
    await page.waitForFunction(() => /line 2, column 5/.test(document.getElementById("colour-result").textContent));
  }, { allowConsole: /status of 400/ });

  test("an example queen graph is drawn on its board with the clique ringed", async (page, url) => {
    await page.goto(url);
    await page.click("#tab-colour");
    await page.waitForSelector('#colour-example option[value="queen5_5"]', { state: "attached" });
    await page.selectOption("#colour-example", "queen5_5");
    await page.waitForFunction(() => /^p edge 25 /m.test(document.getElementById("graph-text").value));
    await page.click("#colour-go");
    await page.waitForFunction(() => /χ = 5, proved/.test(document.getElementById("colour-result").textContent), null, { timeout: 30000 });
    // The clique named in words is the one ringed, and its edges are the ones drawn bold.
    const named = (await page.textContent("#colour-clique-text")).match(/: (\d+) vertices, each joined/);
    const k = Number(named[1]);
    assert.equal(k, 5, "five queens on a line attack each other");
    assert.equal(await page.$$eval("#colour-picture .vertex.clique", (v) => v.length), k);
    assert.equal(await page.$$eval("#colour-picture line.clique", (l) => l.length), (k * (k - 1)) / 2);
    await page.selectOption("#colour-layout", "board");
    assert.equal(await page.$$eval("#colour-picture rect", (r) => r.length), 1 + 25, "a square per vertex");
    // On the board, a queen's square holds its vertex: the vertices sit on a 5×5 grid.
    const xs = await page.$$eval("#colour-picture .vertex circle", (c) => [...new Set(c.map((x) => Math.round(Number(x.getAttribute("cx")))))]);
    assert.equal(xs.length, 5);
    await page.screenshot({ path: `${shots}/colour-board.png`, fullPage: true });
    await page.selectOption("#colour-layout", "circle");
    await page.uncheck("#colour-clique");
    assert.equal(await page.$$eval("#colour-picture .vertex.clique", (v) => v.length), 0);
    await page.screenshot({ path: `${shots}/colour-circle.png`, fullPage: true });
    // A graph that is not n² vertices has no board.
    await page.selectOption("#colour-example", "petersen");
    await page.waitForFunction(() => /kind: colouring/.test(document.getElementById("graph-text").value));
    await page.click("#colour-go");
    await page.waitForFunction(() => /χ = 3, proved/.test(document.getElementById("colour-result").textContent), null, { timeout: 30000 });
    assert.equal(await page.$eval('#colour-layout option[value="board"]', (o) => o.disabled), true);
  });
}
