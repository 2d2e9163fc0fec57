/**
 * One run at a time writes a reports folder: a second run into it is refused before it touches anything,
 * naming the run that holds it, and the first ends as it would have alone; a lock left by a run that no
 * longer exists (its process gone, or untouched for a minute) is taken over.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { EXIT_CODES } from '../../../lib/exit-codes.ts';
import { reportPathsUnder } from '../../../lib/report-paths.ts';
import type { CommandIo } from '../../../cli/io.ts';
import {
  LOCK_STALE_MS,
  LOCK_TOUCH_MS,
  TAKEOVER_STALE_MS,
  takeoverFile,
  takeReportsFolder,
  type ReportsLock,
} from '../../../cli/reports-lock.ts';
import { PROJECT_ROOT } from '../../../lib/paths.ts';
import { nodeArguments } from '../../../lib/runtime.ts';
import { runSuite } from '../../../scripts/suite/run-suite.ts';
import { removeScratchDirs, scratchDir } from '../reports/support/scratch.ts';

const RUN_TIMEOUT_MS = 2 * 60_000;
const STORES = ['--project', 'stores', '--no-html', '--workers', '1'];

test.afterAll(removeScratchDirs);

test.describe.configure({ mode: 'parallel', timeout: RUN_TIMEOUT_MS });

test('a second run into a folder another run is writing is refused, and the first ends as it would alone', async () => {
  const dir = scratchDir('lock');
  const paths = reportPathsUnder(dir);
  const first = runSuite({ args: STORES, reportsDir: dir, timeoutMs: RUN_TIMEOUT_MS });
  await expect.poll(() => existsSync(paths.lock), { timeout: 30_000 }).toBe(true);

  const second = await runSuite({ args: STORES, reportsDir: dir, timeoutMs: RUN_TIMEOUT_MS });
  expect(second.exitCode, second.output).toBe(EXIT_CODES.usage);
  expect(second.output.trim()).toMatch(
    /^UsageError: another run \(pid \d+ on \S+, started \d{4}-\d\d-\d\dT[\d:.]+Z\) is writing \S+: wait for it to end, or give this run a folder of its own with --reports DIR$/,
  );

  const run = await first;
  expect(run.exitCode, run.output).toBe(EXIT_CODES.conformant);
  expect(run.records.filter((r) => r.status === 'passed')).toHaveLength(run.records.length);
  expect(run.records.length).toBeGreaterThan(0);
  expect(existsSync(paths.lock), 'the lock is given back').toBe(false);
});

test.describe('taking a reports folder', () => {
  function attempt(dir: string): { release?: () => void; said: string[] } {
    const said: string[] = [];
    const io: CommandIo = { out: (line) => said.push(line), err: (line) => said.push(line) };
    const release = takeReportsFolder(reportPathsUnder(dir), io);
    return { ...(release ? { release } : {}), said };
  }

  /** A folder whose lock says `lock` (nothing yet: ''), last touched `touchedMsAgo` ago. */
  function lockedBy(lock: ReportsLock | '', touchedMsAgo = 0): string {
    const dir = scratchDir('lock');
    const { lock: file } = reportPathsUnder(dir);
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, lock === '' ? '' : JSON.stringify(lock));
    const touched = new Date(Date.now() - touchedMsAgo);
    utimesSync(file, touched, touched);
    return dir;
  }

  const ended = () => spawnSync(process.execPath, ['-e', '0']).pid;
  const STARTED = '2026-01-01T00:00:00.000Z';

  test('a free folder is taken, created if need be, and given back', () => {
    const dir = join(scratchDir('lock'), 'new');
    const { release, said } = attempt(dir);
    expect(said).toEqual([]);
    const lock = JSON.parse(readFileSync(reportPathsUnder(dir).lock, 'utf8')) as ReportsLock;
    expect(lock).toMatchObject({ pid: process.pid, host: hostname() });
    release?.();
    expect(existsSync(reportPathsUnder(dir).lock)).toBe(false);
  });

  for (const [holder, lock, touchedMsAgo] of [
    ['a live process of this host', () => ({ pid: process.pid, host: hostname(), started: STARTED }), 0],
    ['another host, touched a moment ago', () => ({ pid: 1, host: 'another-host', started: STARTED }), 1_000],
  ] as const) {
    test(`a folder held by ${holder} is refused, naming the holder`, () => {
      const { release, said } = attempt(lockedBy(lock(), touchedMsAgo));
      expect(release).toBeUndefined();
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(
        new RegExp(
          `^UsageError: another run \\(pid ${lock().pid} on ${lock().host}, started ${STARTED}\\) is writing `,
        ),
      );
    });
  }

  for (const [holder, lock, touchedMsAgo] of [
    [
      'a process of this host that has ended',
      () => ({ pid: ended(), host: hostname(), started: STARTED }),
      0,
    ],
    [
      'another host, untouched for longer than a lock stands',
      () => ({ pid: 1, host: 'another-host', started: STARTED }),
      LOCK_STALE_MS + 5_000,
    ],
  ] as const) {
    test(`a lock left by ${holder} is taken over`, () => {
      const { release, said } = attempt(lockedBy(lock(), touchedMsAgo));
      expect(said).toEqual([]);
      expect(release).toBeDefined();
      release?.();
    });
  }

  test('the holder keeps its lock fresh, so that a long run is never taken for a stale one', async () => {
    const dir = scratchDir('lock');
    const { release } = attempt(dir);
    const { lock } = reportPathsUnder(dir);
    const longAgo = new Date(Date.now() - 2 * LOCK_STALE_MS);
    utimesSync(lock, longAgo, longAgo);
    try {
      await expect
        .poll(() => Date.now() - statSync(lock).mtimeMs, { timeout: LOCK_TOUCH_MS + 5_000 })
        .toBeLessThan(LOCK_STALE_MS);
    } finally {
      release?.();
    }
  });

  test('a lock caught between its creation and its writing is held while fresh, stale once old', () => {
    const held = attempt(lockedBy(''));
    expect(held.release).toBeUndefined();
    expect(held.said).toEqual([expect.stringMatching(/^UsageError: another run, starting, is writing /)]);

    const taken = attempt(lockedBy('', 2 * LOCK_STALE_MS));
    expect(taken.said).toEqual([]);
    expect(taken.release).toBeDefined();
    taken.release?.();
  });

  test("a run whose folder was taken over while it was paused leaves the new holder's lock", () => {
    const dir = scratchDir('lock');
    const { release } = attempt(dir);
    const { lock } = reportPathsUnder(dir);
    const other: ReportsLock = { pid: 1, host: 'another-host', started: STARTED };
    writeFileSync(lock, JSON.stringify(other));
    release?.();
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toEqual(other);
  });

  test('a stale lock another run is taking over this instant is left to it', () => {
    const dir = lockedBy({ pid: ended(), host: hostname(), started: STARTED });
    const { lock } = reportPathsUnder(dir);
    writeFileSync(takeoverFile(lock), '');
    const { release, said } = attempt(dir);
    expect(release).toBeUndefined();
    expect(said).toEqual([expect.stringMatching(/^UsageError: another run, starting, is writing /)]);
    expect(existsSync(lock), "the other run's to remove").toBe(true);
  });

  test('a takeover left by a run killed during it is cleared, and the stale lock taken over', () => {
    const dir = lockedBy({ pid: ended(), host: hostname(), started: STARTED });
    const takeover = takeoverFile(reportPathsUnder(dir).lock);
    writeFileSync(takeover, '');
    const longAgo = new Date(Date.now() - 2 * TAKEOVER_STALE_MS);
    utimesSync(takeover, longAgo, longAgo);
    const { release, said } = attempt(dir);
    expect(said).toEqual([]);
    expect(release).toBeDefined();
    expect(existsSync(takeover), 'given back').toBe(false);
    release?.();
  });

  test('runs that find the same stale lock at the same instant: exactly one takes the folder', async () => {
    const TAKERS = 6;
    const dir = lockedBy({ pid: ended(), host: hostname(), started: STARTED }, 2 * LOCK_STALE_MS);
    // Each taker waits for the same instant, tries, says how it went, and holds what it took until
    // every taker has said: no taker can find the folder given back by another.
    const at = Date.now() + 3_000;
    const script = [
      `import { takeReportsFolder } from ${JSON.stringify(pathToFileURL(join(PROJECT_ROOT, 'cli/reports-lock.ts')).href)};`,
      `import { reportPathsUnder } from ${JSON.stringify(pathToFileURL(join(PROJECT_ROOT, 'lib/report-paths.ts')).href)};`,
      `await new Promise((resolve) => setTimeout(resolve, ${at} - Date.now()));`,
      `const release = takeReportsFolder(reportPathsUnder(${JSON.stringify(dir)}), { out() {}, err() {} });`,
      `console.log(release ? 'taken' : 'refused');`,
      `process.stdin.resume().on('end', () => release?.());`,
    ].join('\n');
    const takers = Array.from({ length: TAKERS }, () =>
      spawn(process.execPath, [...nodeArguments(), '--input-type=module', '-e', script], {
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
    );
    const said = await Promise.all(
      takers.map(
        (taker) =>
          new Promise<string>((resolve) => createInterface({ input: taker.stdout }).once('line', resolve)),
      ),
    );
    await Promise.all(
      takers.map((taker) => {
        const ended = new Promise((resolve) => taker.once('close', resolve));
        taker.stdin.end();
        return ended;
      }),
    );
    expect(
      said.filter((s) => s === 'taken'),
      said.join(', '),
    ).toHaveLength(1);
    expect(said.filter((s) => s === 'refused')).toHaveLength(TAKERS - 1);
    expect(existsSync(reportPathsUnder(dir).lock), 'given back by the one that took it').toBe(false);
  });

  test('a folder that cannot be made is one line naming it', () => {
    const file = join(scratchDir('lock'), 'a-file');
    writeFileSync(file, '');
    const { release, said } = attempt(join(file, 'reports'));
    expect(release).toBeUndefined();
    expect(said).toEqual([
      expect.stringMatching(
        /^UsageError: the reports folder \S+a-file\/reports cannot be written \(ENOTDIR\)/,
      ),
    ]);
  });
});
