/**
 * The report's categories must sort real failures right: these are the suite's own failure messages
 * (tests/support/checks.ts, tests/support/api-client.ts), classified by Allure's own matcher.
 */
import { createServer } from 'node:net';
import { matchCategory, normalizeCategoriesConfig } from '@allurereport/core-api';
import { expect, test } from '@playwright/test';
import { CATEGORY_NAMES, CONFORMANCE_CATEGORIES } from '../../../scripts/report/categories.ts';
import { ApiClient, type ApiResponse } from '../../support/api-client.ts';
import {
  checkDocumentedCode,
  checkEqual,
  checkOneOf,
  checkRejected,
  checkSchema,
  checkStatus,
  checkThat,
} from '../../support/checks.ts';

const definitions = normalizeCategoriesConfig(CONFORMANCE_CATEGORIES);

function categoryOf(message: string): string | undefined {
  return matchCategory(definitions, { status: 'failed', labels: [], message, flaky: false })?.name;
}

async function failureMessage(check: () => Promise<unknown>): Promise<string> {
  const error = await check().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the check failed').toBeInstanceOf(Error);
  return (error as Error).message;
}

function response(
  status: number,
  body: unknown = { message: 'm', error: 'e', status, cause: [] },
): ApiResponse {
  return { status, headers: {}, text: JSON.stringify(body), body };
}

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

test.describe('failure categories', () => {
  test('a target that does not answer is environment trouble', async ({ request }) => {
    const api = new ApiClient(request, test.info(), `http://127.0.0.1:${await closedPort()}`, () => 'unused');
    const message = await failureMessage(() => api.raw({ method: 'GET', path: '/stores/1', auth: 'none' }));
    expect(categoryOf(message)).toBe(CATEGORY_NAMES.targetUnavailable);
  });

  test('429 and 5xx answers are environment trouble, not a wrong status', async () => {
    expect(categoryOf(await failureMessage(() => checkStatus(response(429), 200)))).toBe(
      CATEGORY_NAMES.rateLimited,
    );
    expect(categoryOf(await failureMessage(() => checkStatus(response(503), 200)))).toBe(
      CATEGORY_NAMES.serverError,
    );
    expect(categoryOf(await failureMessage(() => checkRejected(response(500))))).toBe(
      CATEGORY_NAMES.serverError,
    );
  });

  test('a wrong status, a missing documented code and a schema mismatch are contract violations', async () => {
    expect(categoryOf(await failureMessage(() => checkStatus(response(404), 200)))).toBe(
      CATEGORY_NAMES.wrongStatus,
    );
    expect(categoryOf(await failureMessage(() => checkRejected(response(200))))).toBe(
      CATEGORY_NAMES.wrongStatus,
    );
    expect(
      categoryOf(await failureMessage(() => checkDocumentedCode({ error: 'other' }, 'invalid_client'))),
    ).toBe(CATEGORY_NAMES.wrongErrorCode);
    expect(categoryOf(await failureMessage(() => checkSchema({ id: 7 }, 'store')))).toBe(
      CATEGORY_NAMES.schemaMismatch,
    );
  });

  test('a documented behaviour that does not happen is a contract violation too', async () => {
    const behaviourChecks = [
      () => checkEqual(undefined, true, 'scheduled is true'),
      () => checkThat(false, 'the response has no body'),
      () => checkOneOf('pending', ['opened', 'closed'], 'status'),
    ];
    for (const failing of behaviourChecks) {
      expect(categoryOf(await failureMessage(failing))).toBe(CATEGORY_NAMES.behaviour);
    }
    // Earlier categories still win: a wrong status is not filed as behaviour.
    expect(categoryOf(await failureMessage(() => checkStatus(response(404), 200)))).toBe(
      CATEGORY_NAMES.wrongStatus,
    );
  });

  test('an error of the suite itself is in none of the conformance categories', () => {
    const category = categoryOf("TypeError: Cannot read properties of undefined (reading 'id')");
    expect(Object.values(CATEGORY_NAMES)).not.toContain(category);
  });

  test('a passing or skipped test is in no category', () => {
    const match = (status: 'passed' | 'skipped') =>
      matchCategory(definitions, { status, labels: [], message: 'got 503', flaky: false })?.name;
    expect(match('passed')).toBeUndefined();
    expect(match('skipped')).toBeUndefined();
  });
});
