// The search runs here, off the page's thread: the page stays responsive, and Stop ends a
// search at once by ending this worker (a WebAssembly call cannot be interrupted from outside
// without shared memory, which a plain static server does not allow).
import init, { run, algorithms, examples, example } from './dlx_web.js';

let current = null;
let lastReport = 0;

// Called by the engine every few thousand nodes: forwarded to the page at most ten times a second.
self.dlxProgress = (fraction, nodes, found) => {
  const now = performance.now();
  if (now - lastReport >= 100) {
    lastReport = now;
    postMessage({ type: 'progress', id: current, fraction, nodes, found });
  }
};

const ready = init().then(
  () => postMessage({ type: 'ready', examples: JSON.parse(examples()) }),
  (error) => postMessage({ type: 'failed', message: String(error) }),
);

const calls = { run, algorithms, example };

onmessage = async ({ data: { id, call, args } }) => {
  await ready;
  current = id;
  lastReport = performance.now();
  const started = performance.now();
  try {
    const text = calls[call](...args);
    postMessage({ type: 'done', id, result: JSON.parse(text), millis: performance.now() - started });
  } catch (error) {
    // A trap in the engine (a bug, or memory exhausted): the page starts a fresh worker.
    postMessage({ type: 'crashed', id, message: String(error) });
  }
};
