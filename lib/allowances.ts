/**
 * The lenient profile's named allowances: each one is a way real responses (or the spec's own notes)
 * depart from what the spec states. A `schema` allowance is marked inline in a schema as
 * `anyOf: [<strict>, { "x-allowance": "<name>", ...<lenient> }]`; a `behaviour` allowance is granted by a
 * check of the suite; a `request` allowance is a form of a request field the platform takes where the
 * spec types it otherwise, which lenient sends (lib/request-forms.ts names each field and its source). A
 * report lists the names a target needed, never silently. `samples` names the reference samples of the
 * platform that need the allowance (a file that is not valid JSON is named with a note and cannot be
 * checked). `openapi` names where the platform's official OpenAPI (`spec3.json` of mercadopago/openapi)
 * documents the form, for an allowance no sample shows.
 */
export interface Allowance {
  kind: 'schema' | 'behaviour' | 'request';
  description: string;
  samples: readonly string[];
  openapi?: string;
}

export const ALLOWANCES = {
  'token-type-capitalised': {
    kind: 'schema',
    description: 'token_type is "Bearer" where the spec says only "bearer" is supported',
    samples: ['oauth-token.200.json', 'oauth-token.200.sdk-go.json'],
  },
  'scope-unlisted-words': {
    kind: 'schema',
    description: 'scope carries words outside offline_access, write, read (e.g. "payments")',
    samples: [
      'oauth-token.200.sdk-go.json',
      'oauth-token.200.client_credentials.NOT-VALID-JSON.txt (not JSON)',
    ],
  },
  'grant-without-account-fields': {
    kind: 'schema',
    description: 'an access token grant lacks user_id, public_key or live_mode',
    samples: ['oauth-token.refresh.200.sdk-java.json', 'oauth-token.200.sdk-go.json'],
  },
  'grant-without-refresh-token': {
    kind: 'schema',
    description: 'an access token grant lacks refresh_token (seen for client_credentials)',
    samples: ['oauth-token.200.client_credentials.NOT-VALID-JSON.txt (not JSON)'],
  },
  'payer-name-surname-spelling': {
    kind: 'schema',
    description: 'a preference request payer uses name/surname instead of first_name/last_name (spec note)',
    samples: [],
  },
  'payer-registration-date-spelling': {
    kind: 'schema',
    description: 'a preference request payer spells "registration date" with a space (spec note)',
    samples: [],
  },
  'preference-echo-blank-values': {
    kind: 'schema',
    description:
      'a preference response echoes unset documented fields as null or "" instead of omitting them or giving their documented type',
    samples: ['preference.201.json', 'preference.201.sdk-php.json'],
  },
  'release-report-user-id-placeholder': {
    kind: 'schema',
    description: 'release report user_id is a string (the docs example has the placeholder "USER-ID")',
    samples: ['release-report-schedule.200.json'],
  },
  'release-report-missing-fields': {
    kind: 'schema',
    description:
      'a release report lacks documented fields (account_id, currency_id, internal_management, is_reserve, is_test, report_id, sub_type, format)',
    samples: ['release-report-schedule.200.json'],
  },
  'settlement-flags-beside-frequency': {
    kind: 'schema',
    description:
      'settlement report configuration carries shipping_detail, coupon_detailed, show_chargeback_cancel, show_fee_prevision beside frequency instead of inside it',
    samples: ['settlement-report-config.200.json'],
  },
  'settlement-include-withdraw-spelling': {
    kind: 'schema',
    description: 'settlement report configuration spells include_withdrawal_at_end as include_withdraw',
    samples: ['settlement-report-config.200.json'],
  },
  'settlement-missing-fields': {
    kind: 'schema',
    description:
      'settlement report configuration lacks documented fields (execute_after_withdrawal, report_translation)',
    samples: ['settlement-report-config.200.json'],
  },
  'chargeback-amount-numeric-string': {
    kind: 'schema',
    description: 'chargeback amount is a numeric string ("108.43") instead of a number',
    samples: ['chargeback.200.api-reference-sample.json'],
  },
  'chargeback-null-flags': {
    kind: 'schema',
    description: 'boolean-like chargeback fields are null',
    samples: ['chargeback.200.json'],
  },
  'chargeback-null-timestamps': {
    kind: 'schema',
    description: 'chargeback timestamps (date_created, date_documentation_deadline) are null',
    samples: ['chargeback.200.json'],
  },
  'chargeback-payment-objects': {
    kind: 'schema',
    description: 'chargeback payments[] holds objects (empty in a sample) instead of payment identifiers',
    samples: ['chargeback.200.api-reference-sample.json'],
    openapi: "paths['/v1/chargebacks/{id}'].get 200: payments items { type: object }",
  },
  'chargeback-documentation-object': {
    kind: 'schema',
    description: 'chargeback documentation is an object instead of an array of documents',
    samples: [],
    openapi: "paths['/v1/chargebacks/{id}'].get 200: documentation { type: object }",
  },
  'chargeback-without-live-mode': {
    kind: 'schema',
    description: 'a chargeback lacks live_mode',
    samples: [],
    openapi: "paths['/v1/chargebacks/{id}'].get 200: every other field of the table, no live_mode",
  },
  'claim-missing-fields': {
    kind: 'schema',
    description:
      "a claim lacks documented fields (resource_id, parent_id, fulfilled, quantity_type, site_id, the players' type)",
    samples: [],
    openapi:
      'components.schemas.Claim: none of these properties; a player is role, user_id, available_actions',
  },
  'claim-status-cancelled': {
    kind: 'schema',
    description: 'a claim\'s status is "cancelled", beside the spec\'s opened and closed',
    samples: [],
    openapi: 'components.schemas.Claim.properties.status: enum opened, closed, cancelled',
  },
  'claim-type-claims': {
    kind: 'schema',
    description: 'a claim\'s type is "claims" (a claim the seller opened), beside the spec\'s three types',
    samples: [],
    openapi: 'components.schemas.Claim.properties.type: enum mediations, claims',
  },
  'claim-actions-as-strings': {
    kind: 'schema',
    description: "a claim player's available_actions are action names (strings) instead of objects",
    samples: [],
    openapi: 'components.schemas.Claim.properties.players.items.properties.available_actions: items string',
  },
  'claim-reason-description-shape': {
    kind: 'schema',
    description:
      'a claim reason is {id, description, type} instead of carrying flow, name, detail, position, filter and settings',
    samples: [],
    openapi: 'components.schemas.ClaimReason: id, description, type (mediations or claims)',
  },
  'store-date-created-spelling': {
    kind: 'schema',
    description: "a store's creation date is date_created instead of date_creation",
    samples: [],
    openapi: 'components.schemas.Store: date_created and date_last_updated, no date_creation',
  },
  'store-location-address-parts': {
    kind: 'schema',
    description:
      "a store's location gives the address in parts (street_number, street_name, city_name, state_name, zip_code) instead of address_line",
    samples: [],
    openapi: 'components.schemas.StoreRequest.properties.location: the parts as strings, no address_line',
  },
  'plan-repetitions-null': {
    kind: 'schema',
    description: "a plan's auto_recurring.repetitions is null (a plan without an end)",
    samples: [],
    openapi: 'components.schemas.AutoRecurring.properties.repetitions: integer, nullable',
  },
  'request-phone-as-strings': {
    kind: 'request',
    description:
      'payer.phone.area_code and number are sent as strings, as the platform types them, where the spec says integer',
    samples: [],
  },
  'request-street-number-as-string': {
    kind: 'request',
    description:
      'payer.address.street_number and shipments.receiver_address.street_number are sent as strings, as the platform types them, where the spec says integer',
    samples: [],
  },
  'request-installments-as-integers': {
    kind: 'request',
    description:
      'payment_methods.installments and default_installments are sent as whole numbers, as the platform types them, where the spec says only nullable',
    samples: [],
  },
  'request-client-id-any-string': {
    kind: 'request',
    description:
      'a client.id that is not a number is not sent as a broken rule: the platform types the query parameter string, where the spec says number',
    samples: [],
  },
  'separate-report-configurations': {
    kind: 'behaviour',
    description:
      "scheduling the release report leaves the settlement report configuration's scheduled as it was: the platform keeps a release report configuration of its own (GET/PUT /v1/account/release_report/config), where the spec knows one configuration",
    samples: [],
  },
  'store-numeric-id': {
    kind: 'schema',
    description: 'store id is a JSON number where the spec says string',
    samples: ['store.200.json'],
  },
} as const satisfies Record<string, Allowance>;

export type AllowanceName = keyof typeof ALLOWANCES;
/** The allowances a check of the suite grants (checkEqualUnlessAllowed). */
export type BehaviourAllowance = {
  [Name in AllowanceName]: (typeof ALLOWANCES)[Name]['kind'] extends 'behaviour' ? Name : never;
}[AllowanceName];

export function isAllowanceName(name: string): name is AllowanceName {
  return Object.hasOwn(ALLOWANCES, name);
}
