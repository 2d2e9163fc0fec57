/**
 * A newcomer finds any endpoint in one step: the catalogue names its spec file, its mock routes and its
 * requirements, and each named file exists and is about that endpoint.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ENDPOINTS } from '../../../lib/catalogue.ts';
import { PROJECT_ROOT } from '../../../lib/paths.ts';
import { REQUIREMENTS } from '../../../lib/requirements/index.ts';

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

for (const endpoint of ENDPOINTS) {
  test(`${endpoint.id}: its spec file, mock routes and requirements file exist and are about it`, () => {
    for (const file of [endpoint.specFile, endpoint.mockRoutes, endpoint.requirementsFile])
      expect(existsSync(path.join(PROJECT_ROOT, file)), file).toBe(true);
    expect(read(endpoint.specFile), endpoint.specFile).toContain(`'${endpoint.id}'`);
    // The mock registers every route from the catalogue; the area's file holds the handler by endpoint id.
    expect(read(endpoint.mockRoutes), endpoint.mockRoutes).toMatch(
      new RegExp(`^\\s+(?:'${endpoint.id}'|${endpoint.id}): `, 'm'),
    );
    const ids = REQUIREMENTS.filter((r) => r.endpoints.includes(endpoint.id) && !r.id.includes('.error.'));
    expect(ids.length).toBeGreaterThan(0);
    const requirements = read(endpoint.requirementsFile);
    expect(
      ids.some((r) => requirements.includes(`'${r.id}'`)),
      endpoint.requirementsFile,
    ).toBe(true);
  });
}
