// The page end to end in headless Chromium: served on localhost, loaded, a Sudoku picked,
// solved and its grid validated; a small exact-cover problem counted and checked against a
// brute-force count; a long count stopped with the Stop button; a malformed input shown with
// its place; the algorithms compared. A screenshot of each state goes to target/web-e2e/.
//
// Run by .ci/web.sh after `bash web/build.sh`: node web/tests/e2e.mjs
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './browser.mjs';
import { serve } from './serve.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const shots = join(root, 'target/web-e2e');
mkdirSync(shots, { recursive: true });

let failures = 0;
function check(condition, what) {
  if (condition) { console.log(`ok: ${what}`); return; }
  failures += 1;
  console.log(`FAILED: ${what}`);
}

// A Sudoku solution line checked against its puzzle: full, every given kept, every row,
// column and box holding each symbol once.
function validSudoku(puzzle, solution, boxRows, boxCols) {
  const side = boxRows * boxCols;
  if (solution.length !== side * side) return `the answer has ${solution.length} cells`;
  for (let i = 0; i < puzzle.length; i++) {
    if (puzzle[i] !== '.' && puzzle[i] !== '0' && puzzle[i] !== solution[i]) return `given ${i} changed`;
  }
  const units = [];
  for (let k = 0; k < side; k++) {
    const row = [], col = [], box = [];
    for (let j = 0; j < side; j++) {
      row.push(k * side + j);
      col.push(j * side + k);
      const r = Math.floor(k / (side / boxCols)) * boxRows + Math.floor(j / boxCols);
      const c = (k % (side / boxCols)) * boxCols + (j % boxCols);
      box.push(r * side + c);
    }
    units.push(row, col, box);
  }
  for (const unit of units) {
    const seen = new Set(unit.map((i) => solution[i]));
    if (seen.size !== side || seen.has('.') || seen.has('0')) return `a unit repeats a symbol: ${unit}`;
  }
  return null;
}

// A random exact-cover problem in Knuth's format and its count by brute force over every
// subset of options.
function randomProblem(seed, items, options) {
  let state = seed;
  const next = () => { state = (state * 1103515245 + 12345) % 2147483648; return state / 2147483648; };
  const names = Array.from({ length: items }, (_, i) => `i${i}`);
  const rows = [];
  for (let o = 0; o < options; o++) {
    const row = names.filter(() => next() < 0.3);
    rows.push(row.length ? row : [names[Math.floor(next() * items)]]);
  }
  let count = 0;
  for (let mask = 0; mask < 1 << options; mask++) {
    const covered = new Map();
    let ok = true;
    for (let o = 0; o < options && ok; o++) {
      if (!(mask >> o & 1)) continue;
      for (const item of rows[o]) { if (covered.has(item)) { ok = false; break; } covered.set(item, 1); }
    }
    if (ok && covered.size === items) count += 1;
  }
  return { text: `${names.join(' ')}\n${rows.map((r) => r.join(' ')).join('\n')}\n`, count };
}

const { server, url } = await serve(join(root, 'web/dist'));
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1200, height: 1000 } });
const errors = [];
page.on('pageerror', (error) => errors.push(String(error)));
page.on('request', (request) => {
  if (!request.url().startsWith(url)) errors.push(`a request left the page: ${request.url()}`);
});
const id = (name) => page.getByTestId(name);
const shot = (name) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });

try {
  await page.goto(url);
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  await shot('01-loaded');
  check(await id('status').textContent() === 'Ready', 'the page loads the engine');

  // A Sudoku from the example picker, solved and validated from the page's own answer.
  await id('example').selectOption('sudoku 9x9');
  await page.waitForFunction(() => document.querySelector('[data-testid=input]').value.trim().length === 81);
  const puzzle = (await id('input').inputValue()).trim();
  check(await id('kind').inputValue() === 'sudoku', 'the example sets the kind');
  await id('solve').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=answer]').textContent.length > 0);
  const solution = (await id('answer').textContent()).trim();
  const fault = validSudoku(puzzle, solution, 3, 3);
  check(fault === null, `the solved grid is valid (${fault || solution})`);
  check(await page.locator('[data-testid=drawing] svg text.filled').count() === 81 - puzzle.replace(/[.0]/g, '').length,
    'the drawing fills in every empty cell');
  await shot('02-sudoku-solved');

  // A 16x16 typed by hand as a line: one given removed from a generated puzzle still solves.
  await id('kind').selectOption('sudoku');
  const big = await page.evaluate(() => window.dlx.call('example', 'sudoku 16x16', 11));
  const bigPuzzle = big.result.text.trim();
  await id('input').fill(bigPuzzle);
  await id('solve').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=answer]').textContent.trim().length === 256);
  const bigFault = validSudoku(bigPuzzle, (await id('answer').textContent()).trim(), 4, 4);
  check(bigFault === null, `a 16x16 typed in is solved validly (${bigFault || 'ok'})`);

  // Small exact-cover problems counted, each against a brute-force count.
  await id('kind').selectOption('xc');
  const counts = [];
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const { text, count } = randomProblem(seed, 6, 12);
    counts.push(count);
    await id('input').fill(text);
    await id('answer').evaluate((e) => { e.textContent = ''; });
    await id('count').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=answer]').textContent.length > 0);
    const shown = (await id('answer').textContent()).trim();
    check(shown === String(count), `random problem ${seed}: the page counts ${shown}, brute force ${count}`);
  }
  check(counts.some((n) => n > 0), 'some random problem has solutions');
  await shot('03-xc-counted');

  // A long count (the 6x10 pentominoes) stopped with the Stop button, within moments.
  const pentominoes = await page.evaluate(() => window.dlx.call('example', 'xc pentominoes 6x10', 0));
  await id('input').fill(pentominoes.result.text);
  await id('answer').evaluate((e) => { e.textContent = ''; });
  await id('count').click();
  await page.waitForFunction(() => /nodes/.test(document.querySelector('[data-testid=status]').textContent), null, { timeout: 20000 });
  await shot('04-counting');
  const pressed = Date.now();
  await id('stop').click();
  await page.waitForFunction(() => /^Stopped/.test(document.querySelector('[data-testid=status]').textContent), null, { timeout: 5000 });
  const took = Date.now() - pressed;
  check(took < 2000, `Stop ends the search within moments (${took} ms)`);
  check(await id('answer').textContent() === '', 'a stopped count shows no answer');
  check(await id('solve').isEnabled() && await id('stop').isDisabled(), 'the buttons are ready again');
  await shot('05-stopped');
  // The fresh worker answers at once.
  await id('input').fill('A B C D E F G\nC E\nA D G\nB C F\nA D F\nB G\nD E G\n');
  await id('count').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=answer]').textContent.length > 0);
  check((await id('answer').textContent()).trim() === '1', "after Stop, Knuth's toy problem counts 1");

  // Malformed input: the place and what was expected.
  await id('input').fill('A B\nA C\n');
  await id('solve').click();
  await page.waitForSelector('[data-testid=error]:not([hidden])');
  const message = await id('error').textContent();
  check(/^line 2, column 3: /.test(message), `a malformed problem is placed: ${message}`);
  await shot('06-error');
  await id('kind').selectOption('sudoku');
  await id('input').fill('1.3...1.2.4...2x\n');
  await id('solve').click();
  await page.waitForFunction(() => /line 1, column 16/.test(document.querySelector('[data-testid=error]').textContent));
  check(true, 'a malformed Sudoku line is placed at its bad symbol');

  // The comparison: every algorithm on one puzzle, every answer validated and alike.
  await id('example').selectOption('sudoku 9x9');
  await page.waitForFunction(() => document.querySelector('[data-testid=input]').value.trim().length === 81);
  await id('compare').click();
  await page.waitForFunction(() => /^Comparison done|^Stopped/.test(document.querySelector('[data-testid=status]').textContent), null, { timeout: 120000 });
  const rows = await page.locator('#comparison-table tr[data-algorithm]').evaluateAll((trs) =>
    trs.map((tr) => [tr.dataset.algorithm, tr.lastElementChild.textContent]));
  const algorithms = rows.map(([name]) => name);
  check(algorithms.includes('links') && algorithms.includes('backtrack'), `the comparison has links and backtracking: ${algorithms}`);
  check(rows.every(([, state]) => state === 'validated'), `every algorithm's answer is validated: ${JSON.stringify(rows)}`);
  check(/same answer/.test(await page.locator('#comparison-note').textContent()), 'the algorithms agree');
  check(await page.locator('#chart svg rect').count() >= 2 * rows.length, 'the chart draws a bar per algorithm and figure');
  await shot('07-compared');

  // Stop pressed the moment the comparison starts leaves the page ready.
  await page.evaluate(() => {
    document.querySelector('[data-testid=compare]').click();
    document.querySelector('[data-testid=stop]').click();
  });
  await page.waitForFunction(() => !document.querySelector('[data-testid=solve]').disabled, null, { timeout: 5000 });
  check(await id('stop').isDisabled() && await id('status').textContent() === 'Stopped',
    'a comparison stopped at once stops and leaves the page ready');

  // A comparison on an input every algorithm refuses shows the fault and no stale answer.
  await id('kind').selectOption('xc');
  await id('input').fill('A B\nA C\n');
  await id('status').evaluate((e) => { e.textContent = ''; });
  await id('compare').click();
  await page.waitForFunction(() => /^Comparison done/.test(document.querySelector('[data-testid=status]').textContent), null, { timeout: 30000 });
  const refusal = await id('error').textContent();
  const stale = await id('answer').textContent();
  check(/^line 2, column 3: /.test(refusal) && stale === '',
    `a comparison on a malformed problem shows its place (${refusal}) and no earlier answer (${stale})`);
  await shot('08-compare-refused');

  check(errors.length === 0, `no page error and no request leaving the page: ${errors.join('; ')}`);
} catch (error) {
  failures += 1;
  console.log(`FAILED: ${error.stack || error}`);
  await shot('99-failure').catch(() => {});
} finally {
  await browser.close();
  server.close();
}
console.log(failures ? `e2e: ${failures} failed (screenshots in target/web-e2e/)` : 'e2e: all passed (screenshots in target/web-e2e/)');
process.exit(failures ? 1 : 0);
