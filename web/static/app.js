// The page: sends what the user typed to the worker and shows what comes back. Everything
// about puzzles and searches is in the WebAssembly module (crates/web); this file only wires
// the controls.
const $ = (id) => document.getElementById(id);
const ui = {
  kind: $('kind'), algorithm: $('algorithm'), example: $('example'), maxNodes: $('max-nodes'),
  listed: $('listed'), input: $('input'), solve: $('solve'), count: $('count'),
  unique: $('unique'), compare: $('compare'), stop: $('stop'), progress: $('progress'),
  status: $('status'), error: $('error'), answer: $('answer'), figures: $('figures'),
  drawing: $('drawing'), comparison: $('comparison'), comparisonTable: $('comparison-table'),
  comparisonNote: $('comparison-note'), chart: $('chart'), drawSide: $('draw-side'),
  drawGrid: $('draw-grid'),
};
const buttons = [ui.solve, ui.count, ui.unique, ui.compare];

// ---- The worker: one at a time, replaced when Stop ends it or the engine traps.
let worker = null;
let ready = null;
let pending = null; // { id, resolve, reject, onProgress }
let nextId = 1;
let lastProgress = null;

function startWorker() {
  worker = new Worker('worker.js', { type: 'module' });
  ready = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.type === 'ready') resolve(data.examples);
      else if (data.type === 'failed') reject(new Error(data.message));
      else if (pending && data.id === pending.id) {
        if (data.type === 'progress') { lastProgress = data; pending.onProgress(data); }
        else if (data.type === 'done') { const p = pending; pending = null; p.resolve(data); }
        else if (data.type === 'crashed') {
          const p = pending; pending = null;
          worker.terminate(); startWorker();
          p.reject(new Error(`the engine stopped on an internal error: ${data.message}`));
        }
      }
    };
    worker.onerror = (event) => reject(new Error(event.message || 'the worker failed to load'));
  });
  return ready;
}

// The call is pending from the moment it is made, so that Stop pressed while the worker is
// still loading cancels it too.
function call(name, args, onProgress = () => {}) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending = { id, resolve, reject, onProgress };
    lastProgress = null;
    ready.then(() => {
      if (pending && pending.id === id) worker.postMessage({ id, call: name, args });
    }, reject);
  });
}

class Stopped extends Error {}

function stop() {
  if (!pending) return;
  const p = pending; pending = null;
  worker.terminate();
  startWorker();
  p.reject(new Stopped('stopped'));
}

// ---- Showing answers.
function showError(error) {
  if (!error) { ui.error.hidden = true; ui.error.textContent = ''; return; }
  ui.error.hidden = false;
  if (typeof error === 'string') { ui.error.textContent = error; return; }
  ui.error.textContent = `line ${error.line}, column ${error.column}: ${error.message}`;
  placeCaret(error.line, error.column);
}

// Puts the caret on the faulty symbol, so the user sees where it is.
function placeCaret(line, column) {
  const lines = ui.input.value.split('\n');
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
  // Columns count characters, as the CLI does; the text area counts UTF-16 units.
  const before = Array.from(lines[line - 1] || '').slice(0, Math.max(0, column - 1)).join('');
  at += before.length;
  ui.input.focus();
  ui.input.setSelectionRange(at, Math.min(at + 1, ui.input.value.length));
}

const number = (n) => (n === null || n === undefined ? '' : Number(n).toLocaleString('en'));

function showFigures(result, millis) {
  const s = result.summary || {};
  const rows = [
    ['engine', result.engine || result.algorithm],
    ['time', `${millis.toFixed(1)} ms`],
    ['nodes', number(s.nodes)],
  ];
  if (s.puzzles !== undefined) rows.push(['puzzles', number(s.puzzles)]);
  if (s.errors) rows.push(['malformed', number(s.errors)]);
  if (s.solutions !== undefined && (s.solutions > 0 || result.kind === 'xc')) rows.push(['solutions', number(s.solutions)]);
  if (s.least_cost !== undefined && s.least_cost !== null) rows.push(['least cost', number(s.least_cost)]);
  if (s.valid !== undefined) rows.push(['validated', `${number(s.valid)} valid, ${number(s.invalid || 0)} invalid`]);
  ui.figures.replaceChildren(...rows.map(([k, v]) => {
    const tr = document.createElement('tr');
    tr.innerHTML = '<th></th><td></td>';
    tr.children[0].textContent = k; tr.children[1].textContent = v;
    return tr;
  }));
}

function show(result, millis) {
  if (!result.ok) {
    showError(result.error || result.request);
    ui.answer.textContent = '';
    ui.drawing.innerHTML = '';
    ui.figures.replaceChildren();
    return;
  }
  const firstBad = (result.puzzles || []).find((p) => p.verdict === 'error');
  showError(firstBad ? { line: firstBad.line, column: firstBad.column, message: firstBad.error } : null);
  ui.answer.textContent = result.answer;
  // The SVG is made by the module from the grid alone, its text escaped there.
  ui.drawing.innerHTML = result.svg || '';
  showFigures(result, millis);
}

function request(task, algorithm = ui.algorithm.value) {
  const maxNodes = parseInt(ui.maxNodes.value, 10);
  return JSON.stringify({
    kind: ui.kind.value, task, algorithm, text: ui.input.value,
    listed: Math.min(10000, Math.max(1, parseInt(ui.listed.value, 10) || 10)),
    max_nodes: maxNodes > 0 ? maxNodes : null,
  });
}

function busy(on) {
  buttons.forEach((b) => { b.disabled = on; });
  ui.stop.disabled = !on;
  if (!on) ui.progress.value = 0;
}

function progressText({ fraction, nodes, found }) {
  ui.progress.value = fraction;
  return `${(100 * fraction).toFixed(1)}% · ${number(nodes)} nodes · ${number(found)} found`;
}

async function runTask(task) {
  busy(true);
  // Nothing of the previous answer stays on screen while the new search runs.
  ui.answer.textContent = '';
  ui.drawing.innerHTML = '';
  ui.figures.replaceChildren();
  ui.status.textContent = 'Searching…';
  try {
    const { result, millis } = await call('run', [request(task)], (p) => { ui.status.textContent = progressText(p); });
    show(result, millis);
    ui.status.textContent = result.ok ? `Done in ${millis.toFixed(1)} ms` : 'The input has a fault';
  } catch (error) {
    if (error instanceof Stopped) {
      const p = lastProgress;
      ui.status.textContent = p
        ? `Stopped after ${number(p.nodes)} nodes, ${number(p.found)} found so far (partial)`
        : 'Stopped';
    } else {
      showError(String(error.message || error));
      ui.status.textContent = 'Failed';
    }
  } finally {
    busy(false);
  }
}

// ---- The comparison: every algorithm on the same input, one after another, so each has the
// processor to itself; nodes, time, puzzles a second, and whether every answer was validated.
async function compare() {
  busy(true);
  showError(null);
  ui.answer.textContent = '';
  ui.drawing.innerHTML = '';
  ui.figures.replaceChildren();
  ui.comparison.hidden = false;
  // Questions whose answers do not depend on the algorithm: a puzzle with several solutions
  // may be solved differently by each, but its uniqueness verdict is the same.
  const task = ui.kind.value === 'xc' ? 'count' : 'unique';
  const rows = [];
  let shown = false;
  ui.comparisonNote.textContent = `Task: ${task}, each algorithm in turn on the same input.`;
  drawComparison(rows);
  try {
    const { result: names } = await call('algorithms', [ui.kind.value]);
    for (const algorithm of names) {
      ui.status.textContent = `${algorithm}…`;
      const row = { algorithm, running: true };
      rows.push(row);
      drawComparison(rows);
      const { result, millis } = await call('run', [request(task, algorithm)], (p) => {
        row.nodes = p.nodes;
        ui.status.textContent = `${algorithm}: ${progressText(p)}`;
        drawComparison(rows);
      });
      row.running = false;
      if (!result.ok) {
        row.refused = result.error || { message: result.request };
        continue;
      }
      const s = result.summary;
      Object.assign(row, {
        millis, nodes: s.nodes, engine: result.engine, answer: result.answer,
        puzzles: s.answered ?? s.puzzles ?? 1, invalid: s.invalid || 0, valid: s.valid,
        errors: s.errors || 0, firstError: (result.puzzles || []).find((p) => p.verdict === 'error'),
      });
      if (!shown) { show(result, millis); shown = true; }
      drawComparison(rows);
    }
    const answered = rows.filter((r) => r.answer !== undefined && r.puzzles > 0);
    const agree = answered.every((r) => agrees(r.answer, answered[0].answer));
    if (!answered.length) {
      const refused = rows.find((r) => r.refused) || rows.find((r) => r.firstError);
      if (refused && refused.refused) showError(refused.refused);
      ui.comparisonNote.textContent += ' No algorithm answered: the input has a fault.';
    } else {
      ui.comparisonNote.textContent += agree
        ? ` All ${answered.length} algorithms that answered give the same answer, every solution validated.`
        : ' The algorithms disagree: this is a bug, please report it with the input.';
    }
    ui.status.textContent = 'Comparison done';
  } catch (error) {
    const running = rows.find((r) => r.running);
    if (running) { running.running = false; running.stopped = true; }
    ui.status.textContent = error instanceof Stopped ? 'Stopped' : String(error.message || error);
  } finally {
    drawComparison(rows);
    busy(false);
  }
}

// Two algorithms' answers agree line by line, but where either was cut by the node budget.
function agrees(a, b) {
  const cut = (line) => /^(undecided|at least)/.test(line);
  const [x, y] = [a.split('\n'), b.split('\n')];
  return x.length === y.length && x.every((line, i) => line === y[i] || cut(line) || cut(y[i]));
}

function drawComparison(rows) {
  const head = '<tr><th>algorithm</th><th>nodes</th><th>time</th><th>puzzles/s</th><th>answers</th></tr>';
  ui.comparisonTable.innerHTML = head;
  for (const r of rows) {
    const tr = document.createElement('tr');
    tr.dataset.algorithm = r.algorithm;
    const rate = r.millis ? number(Math.round((1000 * r.puzzles) / r.millis)) : '';
    const refusals = r.errors ? `, ${number(r.errors)} line${r.errors > 1 ? 's' : ''} refused` : '';
    const state = r.refused ? `refused: ${r.refused.message}` : r.stopped ? 'stopped'
      : r.running || r.millis === undefined ? 'running…'
      : r.invalid ? `${r.invalid} INVALID` : r.puzzles === 0 ? `refused: ${r.firstError ? r.firstError.error : 'nothing answered'}`
      : `validated${refusals}`;
    const cells = [r.algorithm + (r.engine && r.engine !== r.algorithm ? ` (${r.engine})` : ''),
      number(r.nodes), r.millis !== undefined ? `${r.millis.toFixed(1)} ms` : '', rate, state];
    cells.forEach((text, i) => {
      const td = document.createElement('td');
      td.textContent = text;
      if (i > 0 && i < 4) td.className = 'number';
      tr.appendChild(td);
    });
    ui.comparisonTable.appendChild(tr);
  }
  ui.chart.innerHTML = chart(rows);
}

// Two bar charts side by side, time and nodes, on logarithmic scales: the algorithms differ by
// orders of magnitude.
function chart(rows) {
  const done = rows.filter((r) => r.millis !== undefined || r.nodes);
  if (!done.length) return '';
  const bar = 18, gap = 6, label = 150, width = 300;
  const height = done.length * (bar + gap) + 30;
  const panel = (x0, title, value, format) => {
    const values = done.map(value).filter((v) => v > 0);
    const top = Math.log10(Math.max(...values, 10)) + 0.2;
    let out = `<text x="${x0}" y="14" font-weight="bold">${title}</text>`;
    done.forEach((r, i) => {
      const v = value(r);
      const y = 24 + i * (bar + gap);
      const w = v > 0 ? Math.max(2, (width * Math.log10(1 + v)) / top) : 0;
      const colour = r.algorithm === 'links' ? '#1f5fbf' : r.algorithm.startsWith('back') || r.algorithm === 'candidates' ? '#c0392b' : '#7f8c8d';
      out += `<rect x="${x0}" y="${y}" width="${w.toFixed(1)}" height="${bar}" fill="${colour}"/>`;
      out += `<text x="${x0 + w + 4}" y="${y + 13}">${v > 0 ? format(v) : ''}</text>`;
    });
    return out;
  };
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${label + 2 * (width + 90)}" height="${height}">`;
  done.forEach((r, i) => { svg += `<text x="0" y="${24 + i * (bar + gap) + 13}">${r.algorithm}</text>`; });
  svg += panel(label, 'time (ms, log scale)', (r) => r.millis || 0, (v) => v.toFixed(1));
  svg += panel(label + width + 90, 'nodes (log scale)', (r) => r.nodes || 0, number);
  return `${svg}</svg>`;
}

// ---- Drawing a grid cell by cell: the cells mirror the input's first line.
function drawGrid() {
  const side = parseInt(ui.drawSide.value, 10);
  ui.drawGrid.style.gridTemplateColumns = `repeat(${side}, auto)`;
  const line = (ui.input.value.split('\n')[0] || '').trim();
  const cells = [];
  for (let i = 0; i < side * side; i++) {
    const cell = document.createElement('input');
    cell.maxLength = 1;
    cell.dataset.cell = i;
    const symbol = line.length === side * side ? line[i] : '.';
    cell.value = symbol === '.' || symbol === '0' ? '' : symbol;
    cell.addEventListener('input', () => {
      const text = cells.map((c) => c.value.trim() || '.').join('');
      const rest = ui.input.value.split('\n').slice(1).join('\n');
      ui.input.value = rest ? `${text}\n${rest}` : `${text}\n`;
    });
    cells.push(cell);
  }
  ui.drawGrid.replaceChildren(...cells);
}

// ---- Wiring.
async function fillAlgorithms() {
  const { result } = await call('algorithms', [ui.kind.value]);
  const chosen = ui.algorithm.value || 'auto';
  ui.algorithm.replaceChildren(...result.map((name) => new Option(name, name)));
  ui.algorithm.value = result.includes(chosen) ? chosen : 'auto';
}

async function loadExample() {
  const name = ui.example.value;
  if (!name) return;
  const entry = examples.find((e) => e.name === name);
  ui.kind.value = entry.kind;
  await fillAlgorithms();
  ui.status.textContent = `Making the example ${name}…`;
  const seed = Math.floor(Math.random() * 1e6);
  const { result } = await call('example', [name, seed]);
  if (result.ok) { ui.input.value = result.text; ui.status.textContent = `Example ${name}, seed ${seed}`; }
  else showError(result.error);
  ui.example.value = '';
}

let examples = [];
ui.solve.addEventListener('click', () => runTask('solve'));
ui.count.addEventListener('click', () => runTask('count'));
ui.unique.addEventListener('click', () => runTask('unique'));
ui.compare.addEventListener('click', compare);
ui.stop.addEventListener('click', stop);
ui.kind.addEventListener('change', fillAlgorithms);
ui.example.addEventListener('change', loadExample);
ui.drawSide.addEventListener('change', drawGrid);
$('draw-panel').addEventListener('toggle', drawGrid);

busy(true);
ui.stop.disabled = true;
startWorker().then(async (list) => {
  examples = list;
  for (const e of list) ui.example.appendChild(new Option(e.name, e.name));
  await fillAlgorithms();
  busy(false);
  ui.status.textContent = 'Ready';
  document.body.dataset.ready = 'true';
}, (error) => { ui.status.textContent = `The engine failed to load: ${error.message}`; });

// For scripts that drive the page (the browser test, the benchmark): the same calls the
// buttons make, with the time the worker measured.
window.dlx = { call: (name, ...args) => call(name, args) };
