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
}
