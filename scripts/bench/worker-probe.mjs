/**
 * Loaded by the bench into every node process of a measured run (NODE_OPTIONS=--import=<this file>),
 * it acts only in Playwright's worker processes: it watches the messages a worker exchanges with its
 * runner and, as the worker exits, writes when each start-up phase ended (milliseconds since the process
 * started) and the CPU the worker used, to <PAYMENTS_BENCH_PROBE_DIR>/<pid>.json. It changes nothing the
 * worker does. Plain JavaScript: Playwright's workers run without the TypeScript loader.
 */
import { writeFileSync } from 'node:fs';
import process from 'node:process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const directory = process.env.PAYMENTS_BENCH_PROBE_DIR;
const isWorker = process.argv[1]?.endsWith(`${path.sep}workerProcessEntry.js`);

/** Categories of the steps a test body opens itself (a check is a test.step; the floor's test an expect). */
const BODY_STEPS = new Set(['test.step', 'expect']);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

if (directory && isWorker && typeof process.send === 'function') {
  const marks = { probe: performance.now() };
  const mark = (name) => {
    marks[name] ??= performance.now();
  };
  let groupStarted;
  let loadingMs = 0;
  let groups = 0;
  let bodyCpuMs;

  const send = process.send.bind(process);
  process.send = (message, ...rest) => {
    if (message?.method === 'ready') mark('ready');
    const event = message?.method === '__dispatch__' ? message.params : undefined;
    if (event?.method === 'testBegin') {
      mark('testBegin');
      if (groupStarted !== undefined) loadingMs += performance.now() - groupStarted;
      groupStarted = undefined;
    }
    if (event?.method === 'stepBegin' && BODY_STEPS.has(event.params?.category) && !('body' in marks)) {
      mark('body');
      bodyCpuMs = cpuMs();
    }
    return send(message, ...rest);
  };
  process.on('message', (message) => {
    if (message?.method === '__dispatch__' && message.params?.method === 'runTestGroup') {
      mark('group');
      groupStarted = performance.now();
      groups++;
    }
  });
  process.once('exit', () => {
    const figures = { ...marks, bodyCpuMs, loadingMs, groups, exit: performance.now(), cpuMs: cpuMs() };
    writeFileSync(path.join(directory, `${process.pid}.json`), JSON.stringify(figures));
  });
}
