/**
 * What the document says about each operation beyond lib/catalogue.ts, read from the requirements
 * catalogue (lib/requirements) rather than written again: the title of the endpoint's section in the spec,
 * the requirements stated there (cited by id with their verbatim words), and the parameters those
 * requirements name with their types ("Path claim_id (number, required)").
 */
import type { Endpoint } from '../../lib/catalogue.ts';
import { REQUIREMENTS, type Requirement, type RequirementId } from '../../lib/requirements/index.ts';

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  type: 'string' | 'number';
  /** The requirements that state the parameter. */
  requirements: RequirementId[];
}

export interface OperationSpec {
  /** The heading of the endpoint's section in the spec. */
  summary: string;
  /** The requirements stated in that section about the endpoint, in the catalogue's order. */
  requirements: Requirement[];
  parameters: ParameterSpec[];
}

const ENDPOINTS_SECTION = 'Endpoints';
/** `Path id (string, required)`, `Query client.id (number, optional)`, `header x-platform-id (string, optional, ...)`. */
const STATED_PARAMETER =
  /\b(path|query|header) ([A-Za-z_][\w.-]*) \((string|number), (required|optional)\b/gi;
/** Carried by the security scheme; OpenAPI ignores a header parameter of this name. */
const AUTHORIZATION_HEADER = 'authorization';

export class OperationAssemblyError extends Error {
  override name = 'OperationAssemblyError';
}

/** `Endpoints › 4. Get subscription plan` for section 4: the spec's own heading of the endpoint. */
function sectionPrefix(endpoint: Endpoint): string {
  return `${ENDPOINTS_SECTION} › ${endpoint.section}. `;
}

function parametersOf(endpoint: Endpoint, requirements: readonly Requirement[]): ParameterSpec[] {
  const byName = new Map<string, ParameterSpec>();
  for (const requirement of requirements) {
    for (const [, where, name, type, presence] of requirement.quote.matchAll(STATED_PARAMETER)) {
      if (!where || !name || name.toLowerCase() === AUTHORIZATION_HEADER) continue;
      const known = byName.get(name);
      if (known) {
        known.requirements.push(requirement.id);
        continue;
      }
      byName.set(name, {
        name,
        in: where.toLowerCase() as ParameterSpec['in'],
        required: presence === 'required',
        type: type as ParameterSpec['type'],
        requirements: [requirement.id],
      });
    }
  }
  // OpenAPI requires every path template parameter to be declared: one the spec does not state is a gap.
  for (const [, name] of endpoint.path.matchAll(/\{([^}]+)\}/g)) {
    if (byName.get(name ?? '')?.in !== 'path')
      throw new OperationAssemblyError(`no requirement of ${endpoint.id} states its path parameter ${name}`);
  }
  return [...byName.values()];
}

export function operationOf(endpoint: Endpoint): OperationSpec {
  const prefix = sectionPrefix(endpoint);
  const requirements = REQUIREMENTS.filter(
    (r) => r.section.startsWith(prefix) && r.endpoints.includes(endpoint.id),
  );
  const first = requirements[0];
  if (!first) throw new OperationAssemblyError(`no requirement of ${endpoint.id} under "${prefix}…"`);
  return {
    summary: first.section.slice(prefix.length).split(' › ')[0] ?? '',
    requirements,
    parameters: parametersOf(endpoint, requirements),
  };
}
