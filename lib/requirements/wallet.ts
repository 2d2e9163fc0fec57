/**
 * Requirements of wallet agreements: endpoint 12 (cancel agreement). The spec gives no agreement resource.
 */
import type { RequirementData } from './types.ts';

const ENDPOINT = 'Endpoints › 12. Cancel agreement';

export const WALLET_REQUIREMENTS = [
  {
    id: 'cancel-agreement.route',
    section: ENDPOINT,
    quote: 'DELETE {base_url}/v2/wallet_connect/agreements/{agreement_id}',
    kind: 'flow-rule',
    endpoints: ['cancel-agreement'],
    testable: true,
  },
  {
    id: 'cancel-agreement.auth-header-required',
    section: ENDPOINT,
    quote:
      'DELETE {base_url}/v2/wallet_connect/agreements/{agreement_id}. Header Authorization (string, required)',
    kind: 'authentication',
    endpoints: ['cancel-agreement'],
    testable: true,
  },
  {
    // An optional header: a request carrying it is not refused for it.
    id: 'cancel-agreement.header-x-platform-id-optional',
    section: ENDPOINT,
    quote: 'header x-platform-id (string, optional, for platforms or modules offering the service)',
    kind: 'flow-rule',
    endpoints: ['cancel-agreement'],
    testable: true,
  },
  {
    id: 'cancel-agreement.path-agreement-id-string-required',
    section: ENDPOINT,
    quote: 'Path agreement_id (string, required).',
    kind: 'flow-rule',
    endpoints: ['cancel-agreement'],
    testable: true,
  },
  {
    // An optional number: a request with a numeric client.id, or without one, is not refused for it.
    id: 'cancel-agreement.query-client-id-number-optional',
    section: ENDPOINT,
    quote: 'Query client.id (number, optional).',
    kind: 'flow-rule',
    endpoints: ['cancel-agreement'],
    testable: true,
  },
  {
    id: 'cancel-agreement.no-body',
    section: ENDPOINT,
    quote: 'Response: no body.',
    kind: 'flow-rule',
    endpoints: ['cancel-agreement'],
    testable: true,
  },
  {
    id: 'cancel-agreement.used-after-linking-flow',
    section: ENDPOINT,
    quote: 'Used when the linking flow has ended.',
    kind: 'flow-rule',
    endpoints: ['cancel-agreement'],
    testable: false,
    untestable: 'describes when a client uses the endpoint, not what the server answers',
  },
] as const satisfies readonly RequirementData[];
