/**
 * The report's template carries analytics; the report must not. They are cut from the report file as one
 * block, leaving every other byte as it was, and any trace left (a changed template) fails the build.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ReportBuildError, stripAnalytics } from '../../../scripts/report/allure-report.ts';

const ANALYTICS_BLOCK = [
  '<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST"></script>',
  '    <script>',
  '      window.dataLayer = window.dataLayer || [];',
  '      function gtag(){dataLayer.push(arguments);}',
  "      gtag('js', new Date());",
  "      gtag('config', 'G-TEST');",
  '    </script>',
].join('\n');
/** Data after the head, as the single-file report inlines it: long, and not all ASCII. */
const BODY = `<body><script>window.data = "${'donnée · 数据 · '.repeat(20_000)}";</script></body></html>`;

function reportFile(text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'report-analytics-')), 'index.html');
  writeFileSync(file, text);
  return file;
}

test('the analytics block is cut out and every other byte kept', () => {
  const file = reportFile(
    `<html><head><meta charset="utf-8">${ANALYTICS_BLOCK}<title>r</title></head>${BODY}`,
  );
  try {
    stripAnalytics(file);
    expect(readFileSync(file, 'utf8')).toBe(
      `<html><head><meta charset="utf-8"><title>r</title></head>${BODY}`,
    );
  } finally {
    rmSync(path.dirname(file), { recursive: true, force: true });
  }
});

test('a report without analytics is left as it is, and any trace left fails the build', () => {
  const clean = reportFile(`<html><head></head>${BODY}`);
  const traced = reportFile(
    `<html><head></head>${BODY.replace('</body>', "<script>gtag('event')</script></body>")}`,
  );
  try {
    stripAnalytics(clean);
    expect(readFileSync(clean, 'utf8')).toBe(`<html><head></head>${BODY}`);
    expect(() => stripAnalytics(traced)).toThrow(ReportBuildError);
  } finally {
    for (const file of [clean, traced]) rmSync(path.dirname(file), { recursive: true, force: true });
  }
});
