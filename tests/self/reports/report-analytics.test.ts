/**
 * The report's template carries analytics; the report must not. They are cut from the report file's bytes
 * as one block, leaving every other byte as it was, and any trace left (a changed template) fails the build.
 */
import { expect, test } from '@playwright/test';
import { ReportBuildError, withoutAnalytics } from '../../../reporting/allure-report.ts';

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

const bytes = (text: string) => Buffer.from(text, 'utf8');

test('the analytics block is cut out and every other byte kept', () => {
  const report = bytes(`<html><head><meta charset="utf-8">${ANALYTICS_BLOCK}<title>r</title></head>${BODY}`);
  expect(withoutAnalytics(report).toString('utf8')).toBe(
    `<html><head><meta charset="utf-8"><title>r</title></head>${BODY}`,
  );
});

test('a report without analytics is left as it is, and any trace left fails the build', () => {
  const clean = bytes(`<html><head></head>${BODY}`);
  expect(withoutAnalytics(clean)).toBe(clean);
  const traced = bytes(
    `<html><head></head>${BODY.replace('</body>', "<script>gtag('event')</script></body>")}`,
  );
  expect(() => withoutAnalytics(traced)).toThrow(ReportBuildError);
});
