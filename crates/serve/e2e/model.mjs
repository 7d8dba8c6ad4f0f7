// Browser tests of the Models tab.

import assert from "node:assert/strict";

export default function (test, { shots }) {
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
    // The tree is drawn, and the trace folds: its first node is there to open.
    assert.match(await page.getAttribute("#model-tree img", "alt"), /^the search tree: \d+ nodes/);
    await page.frameLocator("#model-frame").locator("details summary").first().click();
    await page.screenshot({ path: `${shots}/model.png`, fullPage: true });
  });

  test("a model from the examples menu is solved", async (page, url) => {
    await page.goto(url);
    await page.click("#tab-model");
    await page.waitForSelector('#model-example option[value="send-more-money"]', { state: "attached" });
    await page.selectOption("#model-example", "send-more-money");
    await page.waitForFunction(() => /SEND \+ MORE = MONEY/.test(document.getElementById("model-text").value));
    await page.click("#model-solve");
    await page.waitForFunction(() => /satisfiable/.test(document.getElementById("model-result").textContent));
    const values = Object.fromEntries(await page.$$eval("#model-table tr", (rows) => rows.slice(1).map((r) => [r.cells[0].textContent, r.cells[1].textContent])));
    const n = (w) => Number([...w].map((c) => values[c]).join(""));
    assert.equal(n("SEND") + n("MORE"), n("MONEY"), "the answer adds up");
  });
}
