// Browser tests of the Timetables tab.

import assert from "node:assert/strict";

export default function (test, { shots }) {
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
}
