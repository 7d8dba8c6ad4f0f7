// What the browser tests share: reading the game kept in local storage, pasting a puzzle.

// The digit shown in each cell ("" for none).
export const boardValues = (page) => page.$$eval("#board .cell", (cells) => cells.map((c) => (c.querySelector(".value") || { textContent: "" }).textContent));

// The digit shown in one cell.
export const cellValue = (page, i) => page.$eval(`#board .cell[data-cell="${i}"]`, (c) => (c.querySelector(".value") || { textContent: "" }).textContent);

// The game as kept in local storage.
export const saved = (page) => page.evaluate(() => JSON.parse(localStorage.getItem("csp-sudoku")).game);

// A medium puzzle with one solution (r1c1 holds a 4, r1c2 to r1c6 are empty).
export const PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

// Pastes a puzzle and waits until it is rated (the level box follows it).
export async function pastePuzzle(page, puzzle = PUZZLE) {
  await page.click("#paste");
  await page.fill("#paste-text", puzzle);
  await page.click("#paste-ok");
  await page.waitForFunction(() => /puzzle \(ER .*one solution/.test(document.getElementById("message").textContent), null, { timeout: 30000 });
}
