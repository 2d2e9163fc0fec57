/**
 * Assembles the OpenAPI 3.1 document of the whole API from the catalogue (lib/catalogue.ts: endpoints
 * and the Errors table), the operation details (operations.ts) and the project's JSON Schemas
 * (schemas/). Pure: same inputs, same document, so `npm run openapi -- --check` and the self-test can
 * regenerate it in memory and compare with the checked-in file.
 */
import { DOCUMENTED_ERRORS, ENDPOINTS, AREAS, type Endpoint, type SchemaName } from '../../lib/catalogue.ts';
import { schemaDocument } from '../../schemas/registry.ts';
import { schemaComponents, schemaRef } from './components.ts';
import { errorExampleBody, errorExampleKey } from './error-examples.ts';
import { requestExamples, successExample, type NamedExamples } from './examples.ts';
import { OPERATIONS, type ParameterSpec } from './operations.ts';

/** A node of the OpenAPI document under construction. */
type OpenApiObject = Record<string, unknown>;

export const OPENAPI_PATH = 'openapi/payments-platform.json';

const JSON_MEDIA = 'application/json';
const FORM_MEDIA = 'application/x-www-form-urlencoded';
const EMBEDDED_MOCK_URL = 'http://127.0.0.1:3100';

const AREA_DESCRIPTIONS: Record<(typeof AREAS)[number], string> = {
  oauth: 'Issuing and refreshing access tokens.',
  checkout: 'Checkout preferences (payment requests) with industry-specific fields.',
  reports: 'Account reports: release report scheduling and settlement report configuration.',
  subscriptions: 'Subscription plans.',
  'test-users': 'Test users of a seller.',
  claims: 'Post-purchase claims, claim reasons and mediation.',
  chargebacks: 'Chargebacks.',
  stores: 'Physical stores.',
  wallet: 'Wallet agreements.',
};

const PREFER_PARAMETER = {
  name: 'Prefer',
  in: 'header',
  required: false,
  schema: { type: 'string', examples: ['code=500', 'code=400, example=forbidden'] },
  description:
    'Mock ability, not part of the platform API: `code=NNN` or `code=NNN, example=NAME` makes a mock ' +
    '(the embedded mock, or Prism on this document) answer that documented error of the operation. ' +
    'NAME is a key of the response examples.',
};

const UNDOCUMENTED_REJECTION =
  'Any other rejection of bad input or of a missing or invalid token. Not documented by the spec; the ' +
  "project expects a 4xx in the platform's error shape (docs/decisions.md).";

function content(schema: SchemaName, examples?: NamedExamples): OpenApiObject {
  return { schema: { $ref: schemaRef(schema) }, ...(examples && Object.keys(examples).length > 0 ? { examples } : {}) };
}

function parameter(spec: ParameterSpec): OpenApiObject {
  return {
    name: spec.name,
    in: spec.in,
    required: spec.required,
    description: spec.description,
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
  const responses: OpenApiObject = {};
  for (const status of endpoint.successStatuses) {
    if (!endpoint.responseSchema) {
      responses[String(status)] = { description: 'Success; no body.' };
      continue;
    }
    const example = successExample(endpoint.responseSchema);
    responses[String(status)] = {
      description: 'Success.',
      content: { [JSON_MEDIA]: content(endpoint.responseSchema, example === undefined ? undefined : { success: { value: example } }) },
    };
  }
  return responses;
}

function errorResponses(endpoint: Endpoint): OpenApiObject {
  const responses: OpenApiObject = {};
  const rows = DOCUMENTED_ERRORS.filter((error) => error.endpoint === endpoint.id);
  for (const status of [...new Set(rows.map((row) => row.status))]) {
    const ofStatus = rows.filter((row) => row.status === status);
    const examples: NamedExamples = Object.fromEntries(
      ofStatus.map((row) => [
        errorExampleKey(row),
        { summary: row.condition ? `${row.name}: ${row.condition}` : row.name, value: errorExampleBody(row) },
      ]),
    );
    const response: OpenApiObject = {
      description: ofStatus.map((row) => (row.condition ? `\`${row.name}\`: ${row.condition}` : row.name)).join('; '),
      content: { [JSON_MEDIA]: content('error', examples) },
    };
    if (status === 429) {
      response.headers = {
        'Retry-After': {
          description: 'Seconds to wait before retrying. Sent by the embedded mock; the spec does not state it.',
          schema: { type: 'integer' },
        },
      };
    }
    responses[String(status)] = response;
  }
  responses['4XX'] = { description: UNDOCUMENTED_REJECTION, content: { [JSON_MEDIA]: content('error') } };
  return responses;
}

function operation(endpoint: Endpoint): OpenApiObject {
  const details = OPERATIONS[endpoint.id];
  const body = requestBody(endpoint);
  return {
    tags: [endpoint.area],
    operationId: endpoint.id,
    summary: details.summary,
    description: `${details.description}\n\nSpec section ${endpoint.section}; conformance tests: \`${endpoint.specFile}\`.`,
    ...(endpoint.auth === 'client' ? { security: [] } : {}),
    parameters: [...details.parameters.map(parameter), { $ref: '#/components/parameters/Prefer' }],
    ...(body ? { requestBody: body } : {}),
    responses: { ...successResponses(endpoint), ...errorResponses(endpoint) },
  };
}

function paths(): OpenApiObject {
  const byPath: Record<string, OpenApiObject> = {};
  for (const endpoint of ENDPOINTS) {
    byPath[endpoint.path] = { ...byPath[endpoint.path], [endpoint.method.toLowerCase()]: operation(endpoint) };
  }
  return byPath;
}

export function assembleOpenApi(): OpenApiObject {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payments Platform API',
      version: '1.0.0',
      description:
        'Generated by `npm run openapi` from lib/catalogue.ts and schemas/ of payments-conformance; do not edit ' +
        'by hand. Describes the strict profile of the specification: lenient allowances for deviations seen ' +
        'in the real platform are not part of it. The `Prefer` header is a mock ability, not part of the API.',
    },
    servers: [{ url: EMBEDDED_MOCK_URL, description: 'The embedded mock (`npm run mock`); point tools at your target instead.' }],
    security: [{ bearer: [] }],
    tags: AREAS.map((area) => ({ name: area, description: AREA_DESCRIPTIONS[area] })),
    paths: paths(),
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'An access token from `POST /oauth/token`, sent as `Authorization: Bearer <ACCESS_TOKEN>`.',
        },
      },
      parameters: { Prefer: PREFER_PARAMETER },
      schemas: schemaComponents(schemaDocument),
    },
  };
}

/** The file's exact text: what `npm run openapi` writes and `--check` compares. */
export function openApiText(): string {
  return `${JSON.stringify(assembleOpenApi(), null, 2)}\n`;
}
