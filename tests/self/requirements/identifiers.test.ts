/** Requirement ids: unique, readable, and never mistaken for a platform or HTTP fact; error rows named by rule. */
import { expect, test } from '@playwright/test';
import { errorRequirementId, REQUIREMENTS } from '../../../lib/requirements/index.ts';
import { ERROR_ROWS } from '../../../lib/requirements/errors.ts';

/** Kebab-case words joined by dots, at least two of them: `<subject>.<topic>.<rule>`. */
const REQUIREMENT_ID = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)+$/;

test('requirement ids are unique', () => {
  const ids = REQUIREMENTS.map((r) => r.id);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
});

test('requirement ids are kebab-case words joined by dots', () => {
  expect(REQUIREMENTS.map((r) => r.id).filter((id) => !REQUIREMENT_ID.test(id))).toEqual([]);
});

test('no requirement id starts like a platform or HTTP fact', () => {
  expect(REQUIREMENTS.map((r) => r.id).filter((id) => /^(platform|http)\./.test(id))).toEqual([]);
});

test('every row of the Errors table has the id its endpoint, status and code give it', () => {
  expect(ERROR_ROWS.length).toBeGreaterThan(0);
  for (const row of ERROR_ROWS) expect(row.id).toBe(errorRequirementId(row));
});
