// The WebAssembly engine in headless Chromium beside the native `dlx` on one thread, on the
// same inputs, interleaved round by round, best of the rounds:
//   node web/tests/bench.mjs ROUNDS NAME=KIND:TASK:FILE:NATIVE-ARGS...
// e.g. pentominoes=xc:count:tests/data/xc/pentominoes6x10.dlx:"xc --count --threads 1"
// The page's time is the worker's, around its one call (parsing included, as the native run
// parses its file); the native time is the whole process's, start to exit.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './browser.mjs';
import { serve } from './serve.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const [roundsArg, ...specs] = process.argv.slice(2);
const rounds = parseInt(roundsArg, 10);
if (!(rounds > 0) || specs.length === 0) {
  console.error('usage: node web/tests/bench.mjs ROUNDS NAME=KIND:TASK:FILE:NATIVE-ARGS ...');
  process.exit(2);
}
const dlx = process.env.DLX || join(root, 'target/release/dlx');
const cases = specs.map((spec) => {
  const [name, rest] = spec.split(/=(.*)/s);
  const [kind, task, file, native] = rest.split(':');
  return { name, kind, task, file, native: native.split(' ').filter(Boolean), text: readFileSync(file, 'utf8'), best: {} };
});

const { server, url } = await serve(join(root, 'web/dist'));
const browser = await launch();
const page = await browser.newPage();
await page.goto(url);
await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
const keep = (c, key, ms) => { c.best[key] = Math.min(c.best[key] ?? Infinity, ms); };
for (let round = 1; round <= rounds; round++) {
  for (const c of cases) {
    const started = process.hrtime.bigint();
    let nativeOut = '';
    try {
      nativeOut = execFileSync(dlx, [...c.native, c.file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch (error) {
      nativeOut = error.stdout || ''; // exit 1 (several solutions) is an answer too
    }
    keep(c, 'native', Number(process.hrtime.bigint() - started) / 1e6);
    const request = JSON.stringify({ kind: c.kind, task: c.task, algorithm: 'auto', text: c.text });
    const { result, millis } = await page.evaluate((r) => window.dlx.call('run', r), request);
    if (!result.ok) throw new Error(`${c.name}: ${JSON.stringify(result.error || result.request)}`);
    keep(c, 'wasm', millis);
    c.answer = result.kind === 'xc' ? result.answer : `${result.summary.answered} answered, ${result.summary.valid} valid, ${result.summary.invalid} invalid`;
    c.nativeAnswer = nativeOut.trim().split('\n').length;
  }
}
const version = browser.version();
await browser.close();
server.close();
console.log(`Chromium ${version}; best of ${rounds}, interleaved`);
console.log('| input | native dlx (ms) | WebAssembly (ms) | ratio | answer |');
console.log('|---|---:|---:|---:|---|');
for (const c of cases) {
  const ratio = c.best.wasm / c.best.native;
  console.log(`| ${c.name} | ${c.best.native.toFixed(0)} | ${c.best.wasm.toFixed(0)} | ${ratio.toFixed(2)}x | ${c.answer} |`);
}
