// Browser tests of the Timetables tab.

import assert from "node:assert/strict";

export default function (test, { shots }) {
  test("the school week is solved, read by teacher, pinned and re-solved", async (page, url) => {
    await page.goto(url);
    await page.click("#tab-timetable");
    await page.click("#tt-example");
    await page.waitForFunction(() => /kind: timetable/.test(document.getElementById("tt-text").value));
    // The forms have read it (they grow the page: clicks wait for that).
    await page.waitForFunction(() => document.getElementById("tt-f-name").value === "school-week");
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
    // (Scrolled to first: after a full-page screenshot, the click's own scrolling can miss.)
    await page.locator('#tt-pins input[data-occurrence="0"]').scrollIntoViewIfNeeded();
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
      const chips = page.locator("#tt-grid .chip:not(.pinned):not(.continued)");
      const chip = chips.nth(attempt % (await chips.count()));
      const occurrence = await chip.getAttribute("data-occurrence");
      const empty = page.locator("#tt-grid td[data-slot]:not(:has(.chip))").nth(attempt);
      const slot = await empty.getAttribute("data-slot");
      done = await page.getAttribute("#tt-result", "data-done");
      await page.$eval("#tt-result", (r) => (r.textContent = ""));
      await chip.dragTo(empty);
      // A slot the lesson cannot start in is refused at once; others are solved.
      await page.waitForFunction((d) => (document.getElementById("tt-result").dataset.done || "0") !== (d || "0") || /cannot start/.test(document.getElementById("tt-result").textContent), done, { timeout: 30000 });
      if (/previous timetable is kept/.test(await page.textContent("#tt-result"))) continue;
      const at = await page.$eval(`#tt-grid .chip[data-occurrence="${occurrence}"]`, (c) => c.parentElement.dataset.slot);
      assert.equal(at, slot, `the dragged lesson ${occurrence} is where it was dropped: ${await page.textContent("#tt-result")}`);
      moved = true;
    }
    assert.ok(moved, "a lesson could be moved to some empty slot");
    await page.screenshot({ path: `${shots}/timetable-arranged.png`, fullPage: true });
  });

  // Loads the school week and waits for the forms to have read it.
  const schoolWeek = async (page, url) => {
    await page.goto(url);
    await page.click("#tab-timetable");
    await page.click("#tt-example");
    await page.waitForFunction(() => document.getElementById("tt-f-name").value === "school-week");
  };
  const solveIt = async (page) => {
    const done = await page.getAttribute("#tt-result", "data-done");
    await page.click("#tt-solve");
    await page.waitForFunction((d) => (document.getElementById("tt-result").dataset.done || "0") !== (d || "0"), done, { timeout: 30000 });
  };
  const yaml = (page) => page.inputValue("#tt-text");

  test("the forms and the YAML stay in step both ways", async (page, url) => {
    await schoolWeek(page, url);
    assert.equal(await page.$$eval("#tt-f-teachers tr", (r) => r.length), 1 + 4, "four teachers and a header");
    // A teacher added in the forms, away on Mondays, is in the YAML.
    await page.click("#tt-f-teachers-add");
    const last = page.locator("#tt-f-teachers tr").last();
    await last.locator("input").nth(0).fill("patel");
    await last.locator("input").nth(0).press("Tab");
    await last.locator("input").nth(1).fill("E. Patel");
    await last.locator("input").nth(1).press("Tab");
    await last.locator("button", { hasText: "none" }).click();
    await page.waitForSelector("#tt-slots-dialog[open]");
    for (const p of ["1", "2", "3", "4", "5", "6"]) await page.check(`#tt-slots-grid input[data-slot="Mon.${p}"]`);
    await page.click('#tt-slots-dialog button[value="save"]');
    await page.waitForFunction(() => /id: patel, name: E. Patel, unavailable: \["Mon.\*"\]/.test(document.getElementById("tt-text").value));
    // A lesson for her, in a lab, read back as a lesson the solver places.
    await page.click("#tt-f-events-add");
    const lesson = page.locator("#tt-f-events tr").last().locator("input");
    for (const [i, v] of [[0, "chem-7B"], [1, "chemistry"], [2, "patel"], [3, "7B"], [4, "1"], [6, "+lab"]]) {
      await lesson.nth(i).fill(v);
      await lesson.nth(i).press("Tab");
    }
    await page.waitForFunction(() => {
      const line = document.getElementById("tt-text").value.split("\n").find((l) => /id: chem-7B/.test(l)) || "";
      return ["subject: chemistry", "teachers: [patel]", 'groups: ["7B"]', "count: 1", "room: {features: [lab]}"].every((x) => line.includes(x));
    });
    await page.screenshot({ path: `${shots}/timetable-forms.png`, fullPage: true });
    await solveIt(page);
    assert.match(await page.textContent("#tt-result"), /(optimal|satisfiable), cost/);
    const chem = await page.$$eval("#tt-pins tr", (rows) => rows.filter((r) => /chem-7B/.test(r.textContent)).map((r) => r.cells[2].textContent));
    assert.equal(chem.length, 1);
    assert.notEqual(chem[0], "Mon", "not on her day off");
    // The YAML edited by hand: the forms follow.
    await page.click("#tt-show-yaml");
    const text = (await yaml(page)).replace("capacity: 28", "capacity: 18");
    await page.fill("#tt-text", text);
    await page.click("#tt-show-forms");
    await page.waitForFunction(() => [...document.querySelectorAll("#tt-f-rooms input")].some((i) => i.value === "18"));
    // Broken YAML: the forms say where, and keep the last version that read.
    await page.click("#tt-show-yaml");
    await page.fill("#tt-text", text.replace("kind: timetable", "kind: timetable\n  bad: ["));
    await page.click("#tt-show-forms");
    await page.waitForFunction(() => /line \d+/.test(document.getElementById("tt-forms-error").textContent));
  }, { allowConsole: /status of 400/ });

  test("the grid shows subjects, names, double lessons and closed slots, and a move is refused with its reason", async (page, url) => {
    await schoolWeek(page, url);
    await solveIt(page);
    // Group 7A's week: one colour per subject, teachers and rooms named, the lab double spans.
    const chips = await page.$$eval("#tt-grid .chip:not(.continued)", (cs) => cs.map((c) => ({ text: c.querySelector("strong").textContent, bg: c.style.background, small: (c.querySelector("span:not(.sr)") || {}).textContent || "" })));
    const bg = (id) => chips.find((c) => c.text.startsWith(id)).bg;
    assert.equal(bg("math-7A"), bg("math-7A #2"), "one subject, one colour");
    assert.notEqual(bg("math-7A"), bg("eng-7A"));
    assert.match(chips.find((c) => c.text === "math-7A").small, /A\. Smith · R\d+/);
    assert.equal(await page.$eval("#tt-grid td:has(.chip strong:text-is('lab-7A'))", (td) => td.rowSpan), 2);
    // Wednesday afternoon is blocked.
    const closed = await page.$$eval("#tt-grid td.closed", (tds) => tds.map((t) => t.getAttribute("aria-label")));
    assert.deepEqual(closed, ["Wed 5", "Wed 6"]);
    // Smith's week: Fridays closed. Picked up from the keyboard, math-7A may not go there.
    await page.selectOption("#tt-arrange-view", { label: "teacher smith (A. Smith)" });
    const chip = page.locator("#tt-grid .chip", { has: page.locator("strong", { hasText: /^math-7A$/ }) });
    await chip.focus();
    await page.keyboard.press("Enter");
    const nogo = await page.$$eval("#tt-grid td.nogo", (tds) => tds.map((t) => t.getAttribute("aria-label")));
    assert.ok(nogo.includes("Fri 1") && nogo.includes("Mon 6"), `closed to smith: ${nogo}`);
    assert.ok((await page.$$eval("#tt-grid td.target", (t) => t.length)) > 10, "open slots highlighted");
    await page.screenshot({ path: `${shots}/timetable-targets.png`, fullPage: true });
    // Right along the row until Friday, then put down: refused at once, with the reason.
    const from = await page.evaluate(() => document.activeElement.getAttribute("aria-label"));
    const steps = (["Mon", "Tue", "Wed", "Thu", "Fri"].length - 1) - ["Mon", "Tue", "Wed", "Thu", "Fri"].indexOf(from.split(" ")[0]);
    for (let i = 0; i < steps; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => /math-7A cannot start at Fri \d: smith's unavailability; the previous timetable is kept/.test(document.getElementById("tt-result").textContent));
  });

  test("a move that breaks a requirement is explained by the requirements that block it", async (page, url) => {
    await schoolWeek(page, url);
    await solveIt(page);
    // Pin math-7A's first lesson, then move its second to the same day: different days blocks it.
    const placements = await page.$$eval("#tt-pins tr", (rows) => rows.slice(1).map((r) => [...r.cells].slice(1).map((c) => c.textContent)));
    const first = placements.find((p) => p[0] === "math-7A");
    await page.locator('#tt-pins input[data-occurrence="0"]').scrollIntoViewIfNeeded();
    await page.check('#tt-pins input[data-occurrence="0"]');
    await page.selectOption("#tt-arrange-view", { label: "group 7A" });
    const second = page.locator("#tt-grid .chip", { has: page.locator("strong", { hasText: /^math-7A #2$/ }) });
    const target = page.locator(`#tt-grid td.target[aria-label^="${first[1]} "]:not(:has(.chip))`);
    await second.focus();
    await page.keyboard.press("Enter");
    const label = await target.first().getAttribute("aria-label");
    const done = await page.getAttribute("#tt-result", "data-done");
    await target.first().focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction((d) => document.getElementById("tt-result").dataset.done !== d, done, { timeout: 30000 });
    assert.match(await page.textContent("#tt-result"), /no timetable keeps the pinned placements; the previous timetable is kept/, `moved to ${label}`);
    const why = await page.$$eval("#tt-why li", (li) => li.map((x) => x.textContent));
    assert.ok(why.some((w) => /math-7A needs 4 different days|different days/.test(w)), why.join(" | "));
    await page.screenshot({ path: `${shots}/timetable-refused.png`, fullPage: true });
  });

  test("the cost is shown by requirement, and an infeasible week says what could not be placed", async (page, url) => {
    await schoolWeek(page, url);
    await solveIt(page);
    const caption = await page.textContent("#tt-costs caption");
    const [, total] = caption.match(/^Cost: (\d+)/);
    const items = await page.$$eval("#tt-costs tr", (rows) => rows.slice(1).map((r) => Number(r.cells[2].textContent)));
    assert.equal(items.reduce((a, b) => a + b, 0), Number(total), "the rows add up to the total");
    await page.selectOption("#tt-examples", "infeasible-week");
    await page.waitForFunction(() => /smith/.test(document.getElementById("tt-text").value) && document.getElementById("tt-f-name").value !== "school-week");
    await solveIt(page);
    assert.match(await page.textContent("#tt-result"), /no timetable exists/);
    const unplaced = await page.$$eval("#tt-unplaced li", (li) => li.map((x) => x.textContent));
    assert.ok(unplaced.some((u) => u.startsWith("math-7A")), unplaced.join(" | "));
    assert.ok(await page.isVisible("#tt-grid .chip"), "the grid shows what could be placed");
    await page.screenshot({ path: `${shots}/timetable-unplaced.png`, fullPage: true });
  });
}
