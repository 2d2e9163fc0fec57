/**
 * Assembles the OpenAPI 3.1 document of the whole API from what the project already states once: the
 * endpoints (lib/catalogue.ts), the requirements catalogue (lib/requirements: each operation's title,
 * requirements and parameters, its documented errors), the error body (lib/error-body.ts), the Prefer
 * syntax (lib/prefer.ts) and the spec layer of the schemas (schemas/). Pure: same inputs, same document,
 * so `npm run openapi -- --check` and the self-test can regenerate it in memory and compare.
 */
import { ABILITY_DESCRIPTIONS } from '../../lib/abilities.ts';
import { adviceById, type AdviceId } from '../../lib/advice.ts';
import { AREAS, ENDPOINTS, type Area, type Endpoint, type SchemaName } from '../../lib/catalogue.ts';
import { documentedErrorBody, exampleKeyOf } from '../../lib/error-body.ts';
import { PREFER_HEADER, preferHeader } from '../../lib/prefer.ts';
import { DOCUMENTED_ERRORS, requirementById, type DocumentedError } from '../../lib/requirements/index.ts';
import { schemaDocument } from '../../schemas/registry.ts';
import { schemaComponents, schemaRef } from './components.ts';
import { requestExamples, successExample, type NamedExamples } from './examples.ts';
import { operationOf, type ParameterSpec } from './operations.ts';

/** A node of the OpenAPI document under construction. */
type OpenApiObject = Record<string, unknown>;

export const OPENAPI_PATH = 'openapi/payments-platform.json';

const JSON_MEDIA = 'application/json';
const FORM_MEDIA = 'application/x-www-form-urlencoded';
/** Where `npm run mock` listens by default (mock/cli.ts). */
const EMBEDDED_MOCK_URL = 'http://127.0.0.1:3100';
const PREFER_COMPONENT = 'Prefer';
/** The fact behind the `4XX` every operation lists, and behind the 429's Retry-After header. */
const REJECTION_FACT: AdviceId = 'http.no-server-error';
const RETRY_AFTER_FACT: AdviceId = 'platform.retry-after-on-429';

/** `id: statement`: a platform or HTTP fact as the document cites it. */
function fact(id: AdviceId): string {
  return `\`${id}\`: ${adviceById(id).statement}`;
}

/** Two documented rows as `Prefer` examples: one its status alone selects, one that needs its key. */
function preferExamples(): string[] {
  const sharesStatus = (row: DocumentedError) =>
    DOCUMENTED_ERRORS.some((r) => r !== row && r.endpoint === row.endpoint && r.status === row.status);
  const alone = DOCUMENTED_ERRORS.find((row) => !sharesStatus(row));
  const keyed = DOCUMENTED_ERRORS.find(sharesStatus);
  return [
    ...(alone ? [preferHeader({ status: alone.status })] : []),
    ...(keyed ? [preferHeader({ status: keyed.status, example: exampleKeyOf(keyed) })] : []),
  ];
}

function preferParameter(): OpenApiObject {
  return {
    name: PREFER_HEADER,
    in: 'header',
    required: false,
    schema: { type: 'string', examples: preferExamples() },
    description:
      `A mock ability ('faults'), not part of the platform API: ${ABILITY_DESCRIPTIONS.faults}, by the ` +
      'embedded mock or by Prism on this document. NAME is the key of one of the response examples.',
  };
}

function content(schema: SchemaName, examples?: NamedExamples): OpenApiObject {
  return {
    schema: { $ref: schemaRef(schema) },
    ...(examples && Object.keys(examples).length > 0 ? { examples } : {}),
  };
}

function parameter(spec: ParameterSpec): OpenApiObject {
  return {
    name: spec.name,
    in: spec.in,
    required: spec.required,
    description: spec.requirements.map((id) => `\`${id}\`: ${requirementById(id).quote}`).join('\n'),
    schema: { type: spec.type },
  };
}

function requestBody(endpoint: Endpoint): OpenApiObject | undefined {
  if (!endpoint.requestSchema) return undefined;
  const examples = requestExamples(endpoint.id);
  const media: OpenApiObject = { [JSON_MEDIA]: content(endpoint.requestSchema, examples) };
  // The token endpoint is OAuth-style: clients commonly send the same fields form-encoded.
  if (endpoint.auth === 'client') media[FORM_MEDIA] = content(endpoint.requestSchema, examples);
  return { required: true, content: media };
}

function successResponses(endpoint: Endpoint): OpenApiObject {
  const several = endpoint.successStatuses.length > 1;
  const description = several
    ? `Success. The spec does not state the status: any of ${endpoint.successStatuses.join(', ')} is accepted (docs/decisions.md, "Success statuses").`
    : 'Success.';
  const responses: OpenApiObject = {};
  for (const status of endpoint.successStatuses) {
    if (!endpoint.responseSchema) {
      responses[String(status)] = { description: `${description} No body.` };
      continue;
    }
    const example = successExample(endpoint.responseSchema);
    responses[String(status)] = {
      description,
      content: {
        [JSON_MEDIA]: content(
          endpoint.responseSchema,
          example === undefined ? undefined : { success: { value: example } },
        ),
      },
    };
  }
  return responses;
}

/** `` `id`: name (condition) ``: a documented row as the document cites it. */
function rowLabel(row: DocumentedError): string {
  return `\`${row.id}\`: ${row.name}${row.condition ? ` (${row.condition})` : ''}`;
}

function errorResponses(endpoint: Endpoint): OpenApiObject {
  const responses: OpenApiObject = {};
  const rows = DOCUMENTED_ERRORS.filter((row) => row.endpoint === endpoint.id);
  for (const status of [...new Set(rows.map((row) => row.status))]) {
    const ofStatus = rows.filter((row) => row.status === status);
    const examples: NamedExamples = Object.fromEntries(
      ofStatus.map((row) => [
        exampleKeyOf(row),
        { summary: rowLabel(row), value: documentedErrorBody(row, row.condition || row.name) },
      ]),
    );
    const response: OpenApiObject = {
      description: `The spec's Errors table: ${ofStatus.map(rowLabel).join('; ')}.`,
      content: { [JSON_MEDIA]: content('error', examples) },
    };
    if (status === 429) {
      response.headers = {
        'Retry-After': {
          description: `Not stated by the spec. ${fact(RETRY_AFTER_FACT)}`,
          schema: { type: 'integer' },
        },
      };
    }
    responses[String(status)] = response;
  }
  responses['4XX'] = {
    description: `Any other rejection of bad input or of a missing or invalid token: not in the spec's Errors table. ${fact(REJECTION_FACT)}`,
    content: { [JSON_MEDIA]: content('error') },
  };
  return responses;
}

function operation(endpoint: Endpoint): OpenApiObject {
  const { summary, requirements, parameters } = operationOf(endpoint);
  const body = requestBody(endpoint);
  const cited = requirements.map((r) => `- \`${r.id}\`: ${r.quote}`).join('\n');
  return {
    tags: [endpoint.area],
    operationId: endpoint.id,
    summary,
    description: `Spec section ${endpoint.section}. Its requirements (lib/requirements):\n\n${cited}\n\nConformance tests: \`${endpoint.specFile}\`.`,
    ...(endpoint.auth === 'client' ? { security: [] } : {}),
    parameters: [...parameters.map(parameter), { $ref: `#/components/parameters/${PREFER_COMPONENT}` }],
    ...(body ? { requestBody: body } : {}),
    responses: { ...successResponses(endpoint), ...errorResponses(endpoint) },
  };
}

function paths(): OpenApiObject {
  const byPath: Record<string, OpenApiObject> = {};
  for (const endpoint of ENDPOINTS) {
    byPath[endpoint.path] = {
      ...byPath[endpoint.path],
      [endpoint.method.toLowerCase()]: operation(endpoint),
    };
  }
  return byPath;
}

/** An area's tag: the spec's titles of its endpoints. */
function tag(area: Area): OpenApiObject {
  const titles = ENDPOINTS.filter((e) => e.area === area).map(
    (e) => `${e.section}. ${operationOf(e).summary}`,
  );
  return { name: area, description: `Spec section${titles.length > 1 ? 's' : ''} ${titles.join('; ')}.` };
}

export function assembleOpenApi(): OpenApiObject {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payments Platform API',
      version: '1.0.0',
      description:
        'Generated by `npm run openapi` from lib/catalogue.ts, lib/requirements/ and the spec layer of schemas/ ' +
        'of payments-conformance; do not edit by hand. Describes what the specification states, under the ' +
        'strict profile: lenient allowances are not part of it, and what only the real platform shows is kept ' +
        'as `x-platform` extensions of the schemas, which validators ignore. Operations cite their ' +
        'requirement ids. The `Prefer` header is a mock ability, not part of the API.',
    },
    servers: [
      {
        url: EMBEDDED_MOCK_URL,
        description: 'The embedded mock (`npm run mock`); point tools at your target instead.',
      },
    ],
    security: [{ bearer: [] }],
    tags: AREAS.map(tag),
    paths: paths(),
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An access token from `POST /oauth/token`, sent as `Authorization: Bearer <ACCESS_TOKEN>`.',
        },
      },
      parameters: { [PREFER_COMPONENT]: preferParameter() },
      schemas: schemaComponents(schemaDocument),
    },
  };
}

/** The file's exact text: what `npm run openapi` writes and `--check` compares. */
export function openApiText(): string {
  return `${JSON.stringify(assembleOpenApi(), null, 2)}\n`;
}
