/**
 * tests/support/declare.ts: what a conformance test declares about itself before it runs, as labels and
 * tags the listing, the report, coverage and `--plan` read: its area and endpoint, the requirements it
 * enforces (checked to exist and be testable), the abilities it needs and what it uses.
 */
import { expect, test } from '@playwright/test';
import { endpointById, ENDPOINTS, INDUSTRIES } from '../../../lib/catalogue.ts';
import { DECLARED_LABELS } from '../../../lib/results.ts';
import { REQUIREMENTS, requirementById, type RequirementId } from '../../../lib/requirements/index.ts';
import { requirementsOfSchema } from '../../../schemas/registry.ts';
import {
  declarationsFor,
  declare,
  declaredRequirements,
  DeclarationError,
  GENERATIVE_TAG,
} from '../../support/declare.ts';

const BODIES_ARE_JSON: RequirementId = 'general.bodies-json';
const VERSION_IN_PATH: RequirementId = 'versioning.version-in-path';

type Details = ReturnType<typeof declare>;

function annotations(details: Details, type: string): string[] {
  const list = [details.annotation ?? []].flat();
  return list.filter((a) => a.type === type).map((a) => a.description ?? '');
}

function tags(details: Details): string[] {
  return [details.tag ?? []].flat();
}

/** A testable requirement of `kind` that `endpoint` governs. */
function requirementOf(endpoint: string, kind: string): RequirementId {
  const found = REQUIREMENTS.find(
    (r) => r.testable && r.kind === kind && r.endpoints.includes(endpoint as never),
  );
  if (!found) throw new Error(`no testable ${kind} requirement of ${endpoint} in the catalogue`);
  return found.id;
}

test.describe('declare(): a test declares its endpoint and what it enforces', () => {
  test('labels the area and endpoint the report tree is built from', () => {
    const details = declare('store', { requirements: ['store.auth-bearer'] });
    const endpoint = endpointById('store');
    expect(annotations(details, DECLARED_LABELS.epic)).toEqual([endpoint.area]);
    expect(annotations(details, DECLARED_LABELS.feature)).toEqual([endpoint.feature]);
    expect(annotations(details, DECLARED_LABELS.endpoint)).toEqual(['store']);
  });

  test('labels each requirement it enforces and quotes each in its description', () => {
    const details = declare('store', { requirements: ['store.auth-bearer'] });
    const labelled = annotations(details, DECLARED_LABELS.requirement);
    expect(labelled).toContain('store.auth-bearer');
    const [description] = annotations(details, DECLARED_LABELS.description);
    for (const id of labelled)
      expect(description).toContain(`**${id}** — "${requirementById(id as RequirementId).quote}"`);
  });

  test('every test enforces "bodies are JSON", and a versioned endpoint its versioned path', () => {
    const versioned = ENDPOINTS.find((e) => /\/v\d+\//.test(e.path))!;
    const unversioned = ENDPOINTS.find((e) => !/\/v\d+\//.test(e.path))!;
    const onVersioned = declaredRequirements(versioned.id, {
      requirements: [requirementOf(versioned.id, 'authentication')],
    });
    const onUnversioned = declaredRequirements(unversioned.id, {
      requirements: [requirementOf(unversioned.id, 'authentication')],
    });
    expect(onVersioned).toEqual(expect.arrayContaining([BODIES_ARE_JSON, VERSION_IN_PATH]));
    expect(onUnversioned).toContain(BODIES_ARE_JSON);
    expect(onUnversioned).not.toContain(VERSION_IN_PATH);
  });

  test("a schema it checks adds that schema's requirements, each once", () => {
    const ids = declaredRequirements('store', {
      requirements: ['store.auth-bearer'],
      schemas: ['store', 'store'],
    });
    const ofSchema = requirementsOfSchema('store');
    expect(ofSchema.length).toBeGreaterThan(0);
    expect(ids).toEqual(expect.arrayContaining(ofSchema));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('refuses an unknown requirement, an untestable one, and a declaration of nothing', () => {
    const untestable = REQUIREMENTS.find((r) => !r.testable)!;
    expect(() => declare('store', { requirements: ['store.no-such-rule' as RequirementId] })).toThrow(
      new DeclarationError('store: unknown requirement store.no-such-rule'),
    );
    expect(() => declare('store', { requirements: [untestable.id] })).toThrow(/is untestable/);
    expect(() => declare('store', {})).toThrow(/a test must declare what it enforces/);
    expect(() => declare('settlement-report-config', { requirements: [] })).toThrow(
      /a test must declare what it enforces/,
    );
  });

  test('a documented error or an authentication rule is of normal severity; any other rule critical', () => {
    const severity = (id: RequirementId) =>
      annotations(declare('store', { requirements: [id] }), DECLARED_LABELS.severity);
    expect(severity(requirementOf('store', 'error-row'))).toEqual(['normal']);
    expect(severity(requirementOf('store', 'authentication'))).toEqual(['normal']);
    const other = REQUIREMENTS.find(
      (r) => r.testable && r.endpoints.includes('store') && !['error-row', 'authentication'].includes(r.kind),
    )!;
    expect(severity(other.id)).toEqual(['critical']);
  });
});

test.describe('declare(): the tags --plan and --grep read', () => {
  test("a test of a destructive endpoint needs 'destructive', once, without saying so", () => {
    const destructive = ENDPOINTS.find((e) => e.destructive)!;
    const harmless = ENDPOINTS.find((e) => !e.destructive)!;
    const requirement = requirementOf(destructive.id, 'authentication');
    expect(tags(declare(destructive.id, { requirements: [requirement] }))).toEqual(['@needs-destructive']);
    expect(
      tags(declare(destructive.id, { requirements: [requirement], needs: ['destructive', 'fixtures'] })),
    ).toEqual(['@needs-destructive', '@needs-fixtures']);
    expect(
      tags(declare(harmless.id, { requirements: [requirementOf(harmless.id, 'authentication')] })),
    ).toEqual([]);
  });

  test('abilities, uses, industry and generation each become a tag', () => {
    const details = declare('store', {
      requirements: ['store.auth-bearer'],
      needs: ['faults'],
      uses: ['other-client', 'live-token'],
      industry: INDUSTRIES[0],
      generative: true,
    });
    expect(tags(details)).toEqual([
      '@needs-faults',
      '@uses-other-client',
      '@uses-live-token',
      `@industry-${INDUSTRIES[0]}`,
      GENERATIVE_TAG,
    ]);
  });

  test('declarationsFor(endpoint) declares every test of that endpoint alike', () => {
    const declaration = {
      requirements: ['store.auth-bearer'] as RequirementId[],
      needs: ['faults' as const],
    };
    expect(declarationsFor('store')(declaration)).toEqual(declare('store', declaration));
  });
});
