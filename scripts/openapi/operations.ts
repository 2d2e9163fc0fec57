/**
 * What the OpenAPI document needs per endpoint beyond lib/catalogue.ts: the spec section's title and
 * the parameters the spec names (path, query, header), with the types the spec gives them. Keyed by
 * EndpointId so the compiler insists every endpoint is described.
 */
import type { EndpointId } from '../../lib/catalogue.ts';

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  type: 'string' | 'number';
  description: string;
}

export interface OperationSpec {
  /** The heading of the endpoint's section in the spec. */
  summary: string;
  description: string;
  parameters: readonly ParameterSpec[];
}

const pathId = (name: string, type: ParameterSpec['type'], description: string): ParameterSpec => ({
  name,
  in: 'path',
  required: true,
  type,
  description,
});

export const OPERATIONS: Record<EndpointId, OperationSpec> = {
  token: {
    summary: 'Create or refresh token',
    description:
      'Issues an access token for the `authorization_code`, `refresh_token` or `client_credentials` flow. ' +
      'The application authenticates with `client_id` and `client_secret` in the body; no bearer token. ' +
      'An authorization code is valid 10 minutes from generation.',
    parameters: [],
  },
  preference: {
    summary: 'Create checkout preference',
    description:
      'Creates a checkout preference. Which item, payer and shipment fields are sent depends on the ' +
      "seller's industry (see the `preference-request-<industry>` schemas). The response body is not " +
      'shown in the spec.',
    parameters: [],
  },
  'release-report-schedule': {
    summary: 'Enable automatic report generation',
    description:
      "Generates the release report with the configured frequency and sets the configuration's " +
      '`scheduled` property to true. No parameters.',
    parameters: [],
  },
  'subscription-plan': {
    summary: 'Get subscription plan',
    description: 'Reads a subscription plan.',
    parameters: [pathId('id', 'string', 'Plan identifier.')],
  },
  'test-user-search': {
    summary: 'Search test user',
    description: 'Searches the test users of the seller whose test token is given in `access_token`.',
    parameters: [
      {
        name: 'access_token',
        in: 'query',
        required: true,
        type: 'string',
        description: 'A test access token of the seller obtained through the authorization flow.',
      },
    ],
  },
  'claim-reason': {
    summary: 'Get claim reason',
    description: 'Reads a claim reason. Requires a valid token.',
    parameters: [pathId('reason_id', 'string', 'Claim reason identifier.')],
  },
  claim: {
    summary: 'Get claim detail',
    description: 'Reads a claim: the users involved and the originating order data.',
    parameters: [pathId('claim_id', 'number', 'Claim identifier.')],
  },
  'settlement-report-config': {
    summary: 'Get settlement report configuration',
    description: 'Reads the settlement report configuration.',
    parameters: [],
  },
  chargeback: {
    summary: 'Get chargeback',
    description: 'Reads a chargeback.',
    parameters: [
      pathId(
        'id',
        'string',
        'The chargeback identifier; the payment identifier may be used when the chargeback identifier is unknown.',
      ),
    ],
  },
  'open-dispute': {
    summary: 'Request claim mediation',
    description:
      'Requests mediation of a claim. No body. The HTTP status of the success is not stated by the spec; ' +
      '200 and 201 are both accepted (docs/decisions.md, "Success statuses").',
    parameters: [pathId('claim_id', 'number', 'Claim identifier.')],
  },
  store: {
    summary: 'Get store',
    description: 'Reads a physical store.',
    parameters: [pathId('id', 'string', 'Store identifier.')],
  },
  'cancel-agreement': {
    summary: 'Cancel agreement',
    description:
      'Cancels a wallet agreement when the linking flow has ended. No response body; 200 and 204 are both ' +
      'accepted (docs/decisions.md, "Success statuses").',
    parameters: [
      pathId('agreement_id', 'string', 'Agreement identifier.'),
      {
        name: 'client.id',
        in: 'query',
        required: false,
        type: 'number',
        description: 'Client identifier.',
      },
      {
        name: 'x-platform-id',
        in: 'header',
        required: false,
        type: 'string',
        description: 'For platforms or modules offering the service.',
      },
    ],
  },
};
