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
    // The trace folds: its first node is there to open.
    await page.frameLocator("#model-frame").locator("details summary").first().click();
    await page.screenshot({ path: `${shots}/model.png`, fullPage: true });
  });
}
