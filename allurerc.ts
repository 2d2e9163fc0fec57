/**
 * Allure 3 configuration, read by `npm run conformance`, `npm run report:merge` and any `npx allure ...`
 * command (generate, quality-gate, open). Output paths follow CONFORMANCE_REPORTS_DIR (lib/report-paths.ts).
 */
import './scripts/report/node20-iterator-helpers.ts';
import type { AllureConfig } from 'allure';
import { reportPaths } from './lib/report-paths.ts';
import { CONFORMANCE_CATEGORIES } from './scripts/report/categories.ts';
import { minTestsFrom, qualityGateConfig } from './scripts/report/quality-gate.ts';

const paths = reportPaths();

export default {
  name: 'Payments Platform API conformance',
  output: paths.allureReport,
  resultsDir: paths.allureResults,
  historyPath: paths.history,
  plugins: {
    awesome: {
      options: {
        reportName: 'Payments Platform API conformance',
        reportLanguage: 'en',
        groupBy: ['epic', 'feature', 'story'],
      },
    },
  },
  categories: CONFORMANCE_CATEGORIES,
  qualityGate: qualityGateConfig(minTestsFrom()),
} satisfies AllureConfig;
