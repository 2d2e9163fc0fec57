/**
 * The lenient profile's named allowances: each one is a way real responses (or the spec's own notes)
 * depart from what the spec states. A `schema` allowance is marked inline in a schema as
 * `anyOf: [<strict>, { "x-allowance": "<name>", ...<lenient> }]`; a `behaviour` allowance is granted by a
 * check of the suite; a `request` allowance is a form of a request field the platform takes where the
 * spec types it otherwise, which lenient sends (lib/request-forms.ts names each field and its source). A
 * report lists the names a target needed, never silently. `samples` names the reference samples of the
 * platform that need the allowance (a file that is not valid JSON is named with a note and cannot be
 * checked).
 */
export interface Allowance {
  kind: 'schema' | 'behaviour' | 'request';
  description: string;
  samples: readonly string[];
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
  'chargeback-empty-payment-objects': {
    kind: 'schema',
    description: 'chargeback payments[] holds empty objects instead of payment identifiers',
    samples: ['chargeback.200.api-reference-sample.json'],
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
