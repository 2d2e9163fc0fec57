/**
 * The mock's seeded, deterministic fixture data, in the platform's real formats (numeric user ids,
 * 16-digit client ids, 32-hex plan ids, numeric-string chargeback ids, timestamps with milliseconds
 * and a -04:00 offset). `createSeedData()` returns fresh objects each call, so a reset can never share
 * mutated state with the previous run.
 */
import type { TargetIds } from '../lib/target.ts';

export interface Application {
  clientId: string;
  /** The mock's own public seed, not a real credential; printed by `npm run mock`. */
  clientSecret: string;
  redirectUri: string;
  /** The user who owns the application and, in the mock, gives consent on /authorization. */
  userId: number;
  publicKeyUuid: string;
  siteId: string;
}

export interface TestUser {
  id: number;
  nickname: string;
  site_status: string;
  site_id: string;
  email: string;
  date_created: string;
  date_last_updated: string;
}

export interface SubscriptionPlan {
  id: string;
  application_id: number;
  collector_id: number;
  reason: string;
  auto_recurring: {
    frequency: number;
    frequency_type: string;
    repetitions: number;
    billing_day: number;
    billing_day_proportional: boolean;
    free_trial: { frequency: number; frequency_type: string; first_invoice_offset: number };
    transaction_amount: number;
    currency_id: string;
  };
  payment_methods_allowed: { payment_types: { id: string }[]; payment_methods: { id: string }[] };
  back_url: string;
  external_reference: string;
  init_point: string;
  date_created: string;
  last_modified: string;
  status: string;
}

export interface ClaimAction {
  action: string;
  due_date: string;
  mandatory: boolean;
}

export interface ClaimPlayer {
  role: string;
  type: string;
  user_id: number;
  available_actions: ClaimAction[];
}

export interface Claim {
  id: number;
  resource_id: number;
  status: 'opened' | 'closed';
  type: 'mediations' | 'cancel_purchase' | 'return';
  stage: string;
  parent_id: number | null;
  resource: string;
  reason_id: string;
  fulfilled: boolean;
  quantity_type: string;
  players: ClaimPlayer[];
  resolution: { reason: string; date_created: string; decision: object[]; closed_by: string } | null;
  site_id: string;
  date_created: string;
  last_updated: string;
}

export interface ClaimReason {
  id: string;
  flow: 'mediations' | 'cancel_purchase' | 'return' | 'cancel_sale' | 'change';
  name: string;
  detail: string;
  position: number;
  filter: object;
  settings: object;
}

export interface Chargeback {
  id: string;
  payments: number[];
  currency: string;
  amount: number;
  coverage_applied: boolean;
  coverage_elegible: boolean;
  documentation_required: boolean;
  documentation_status: string;
  documentation: { type: string; url: string; description: string }[];
  date_documentation_deadline: string | null;
  date_created: string;
  date_last_updated: string;
  live_mode: boolean;
}

export interface Store {
  id: string;
  name: string;
  date_creation: string;
  business_hours: Record<string, { open: string; close: string }[]>;
  location: { address_line: string; reference: string; latitude: number; longitude: number };
  external_id: string;
}

export interface Agreement {
  id: string;
  clientId: string;
  payerId: number;
  dateCreated: string;
}

export interface SettlementReportConfig {
  file_name_prefix: string;
  display_timezone: string;
  include_withdrawal_at_end: boolean;
  scheduled: boolean;
  execute_after_withdrawal: boolean;
  columns: { key: string }[];
  report_translation: string;
  frequency: {
    hour: number;
    value: number;
    type: string;
    shipping_detail: boolean;
    coupon_detailed: boolean;
    show_chargeback_cancel: boolean;
    show_fee_prevision: boolean;
  };
}

export const SELLER_USER_ID = 1283946271;
export const OTHER_INTEGRATOR_USER_ID = 1317250648;
export const BUYER_USER_ID = 1320455187;

export const MAIN_APPLICATION: Application = {
  clientId: '4783610275394112',
  clientSecret: 'mR8qLc2VtN6wYpZ3aK9dF1hJ5sX7bE0u',
  redirectUri: 'https://seller.example.com/oauth/callback',
  userId: SELLER_USER_ID,
  publicKeyUuid: '7f3c2a91-5b8e-4d06-9e1f-2c4a6b8d0e13',
  siteId: 'MLA',
};

/** A second application, so a code or refresh token can be presented by the wrong client. */
export const OTHER_APPLICATION: Application = {
  clientId: '6201937485521906',
  clientSecret: 'Qw3eRt5yUi7oPa9sDf1gHj2kLz4xCv6b',
  redirectUri: 'https://integrator.example.org/mp/callback',
  userId: OTHER_INTEGRATOR_USER_ID,
  publicKeyUuid: 'c41d7e08-93a2-4f5b-b6c7-1d8e9f0a2b34',
  siteId: 'MLB',
};

export const APPLICATIONS: readonly Application[] = [MAIN_APPLICATION, OTHER_APPLICATION];

/** Who may log in on the mock's consent page (GET /authorization in a browser). */
export interface ConsentUser {
  username: string;
  /** The mock's own public seed, not a real credential; printed by `npm run mock -- --print-env`. */
  password: string;
  userId: number;
}

/** The seller who owns the main application, so a code minted on the page is the 302's kind of code. */
export const CONSENT_USER: ConsentUser = {
  username: 'TESTSELLER1283946271',
  password: 'mock-consent-Vq7Lp2Xr',
  userId: SELLER_USER_ID,
};

const OPENED_CLAIM_ID = 5301823746;
const CLOSED_CLAIM_ID = 5301823751;

export const SEEDED_IDS: TargetIds = {
  clientId: MAIN_APPLICATION.clientId,
  clientSecret: MAIN_APPLICATION.clientSecret,
  redirectUri: MAIN_APPLICATION.redirectUri,
  planId: '2c9380848b1e4f6a018b2f3d4c5e0a71',
  claimId: String(OPENED_CLAIM_ID),
  claimReasonId: 'PDD9939',
  chargebackId: '234000062890459123',
  chargebackPaymentId: '86439942806',
  storeId: '30163646',
  agreementId: '2c93808489a1f3c40189b2e7a4d10b55',
};

/** Further seeded ids a user of the mock may want (printed by `npm run mock`). */
export const OTHER_SEEDED_IDS = {
  closedClaimId: String(CLOSED_CLAIM_ID),
  claimReasonIds: ['PNR3430', 'PDD9939', 'CS4501'],
  secondPlanId: '2c9380848c7d21b5018c8a0f6e3b1d42',
  secondChargebackId: '234000071235587004',
  secondStoreId: '30163702',
  secondAgreementId: '2c93808489a1f3c40189b2e8c0f20c61',
} as const;

function testUser(id: number, index: number, siteId: string): TestUser {
  return {
    id,
    nickname: `TESTUSER${1632874100 + index}`,
    site_status: 'active',
    site_id: siteId,
    email: `test_user_${1632874100 + index}@testuser.com`,
    date_created: `2024-03-1${index}T10:2${index}:45.118-04:00`,
    date_last_updated: `2024-03-1${index}T10:2${index}:45.402-04:00`,
  };
}

function plan(id: string, reason: string, amount: number, created: string): SubscriptionPlan {
  return {
    id,
    application_id: Number(MAIN_APPLICATION.clientId),
    collector_id: SELLER_USER_ID,
    reason,
    auto_recurring: {
      frequency: 1,
      frequency_type: 'months',
      repetitions: 12,
      billing_day: 10,
      billing_day_proportional: true,
      free_trial: { frequency: 1, frequency_type: 'months', first_invoice_offset: 30 },
      transaction_amount: amount,
      currency_id: 'ARS',
    },
    payment_methods_allowed: {
      payment_types: [{ id: 'credit_card' }],
      payment_methods: [{ id: 'visa' }, { id: 'master' }],
    },
    back_url: 'https://seller.example.com/subscriptions/welcome',
    external_reference: `PLAN-${id.slice(-6)}`,
    init_point: `https://www.mercadopago.com.ar/subscriptions/checkout?preapproval_plan_id=${id}`,
    date_created: created,
    last_modified: created.replace(/\.\d{3}/, '.482'),
    status: 'active',
  };
}

/** A claim in its initial state: opened, at the claim stage, the seller able to refund or ask for mediation. */
export function openedClaim(id: number, createdAt: string, dueDate: string): Claim {
  return {
    id,
    resource_id: 2000006483017346 + (id % 1000),
    status: 'opened',
    type: 'mediations',
    stage: 'claim',
    parent_id: null,
    resource: 'order',
    reason_id: 'PNR3430',
    fulfilled: false,
    quantity_type: 'total',
    players: [
      { role: 'complainant', type: 'buyer', user_id: BUYER_USER_ID, available_actions: [] },
      {
        role: 'respondent',
        type: 'seller',
        user_id: SELLER_USER_ID,
        available_actions: [
          { action: 'refund', due_date: dueDate, mandatory: false },
          { action: 'open_dispute', due_date: dueDate, mandatory: false },
          { action: 'send_message_to_complainant', due_date: dueDate, mandatory: true },
        ],
      },
    ],
    resolution: null,
    site_id: 'MLA',
    date_created: createdAt,
    last_updated: createdAt,
  };
}

function closedClaim(): Claim {
  return {
    ...openedClaim(CLOSED_CLAIM_ID, '2024-09-02T11:05:12.387-04:00', '2024-09-09T23:59:59.000-04:00'),
    status: 'closed',
    stage: 'claim',
    reason_id: 'PDD9939',
    type: 'return',
    fulfilled: true,
    players: [
      { role: 'complainant', type: 'buyer', user_id: BUYER_USER_ID, available_actions: [] },
      { role: 'respondent', type: 'seller', user_id: SELLER_USER_ID, available_actions: [] },
    ],
    resolution: {
      reason: 'payment_refunded',
      date_created: '2024-09-06T16:40:03.512-04:00',
      decision: [],
      closed_by: 'respondent',
    },
    last_updated: '2024-09-06T16:40:03.512-04:00',
  };
}

function claimReasons(ids: TargetIds): ClaimReason[] {
  return [
    {
      id: 'PNR3430',
      flow: 'mediations',
      name: 'Product not received',
      detail: 'The buyer has not received the product',
      position: 1,
      filter: { group: ['PNR'] },
      settings: { rules_engine_triage: true, allow_return: false },
    },
    {
      id: ids.claimReasonId,
      flow: 'return',
      name: 'Different or defective product',
      detail: 'The product received is different from the one bought or is defective',
      position: 2,
      filter: { group: ['PDD'] },
      settings: { rules_engine_triage: true, allow_return: true },
    },
    {
      id: 'CS4501',
      flow: 'cancel_purchase',
      name: 'Purchase cancellation',
      detail: 'The buyer cancels the purchase before shipment',
      position: 3,
      filter: { group: ['CS'] },
      settings: { rules_engine_triage: false, allow_return: false },
    },
  ];
}

function chargebacks(ids: TargetIds): Chargeback[] {
  return [
    {
      id: ids.chargebackId,
      payments: [Number(ids.chargebackPaymentId)],
      currency: 'ARS',
      amount: 1000.5,
      coverage_applied: false,
      coverage_elegible: true,
      documentation_required: true,
      documentation_status: 'pending',
      documentation: [],
      date_documentation_deadline: '2024-10-24T23:59:59.000-04:00',
      date_created: '2024-10-15T09:12:48.000-04:00',
      date_last_updated: '2024-10-17T12:48:24.000-04:00',
      live_mode: true,
    },
    {
      id: OTHER_SEEDED_IDS.secondChargebackId,
      payments: [87120334519],
      currency: 'ARS',
      amount: 2450,
      coverage_applied: false,
      coverage_elegible: true,
      documentation_required: true,
      documentation_status: 'valid',
      documentation: [
        {
          type: 'application/pdf',
          url: 'https://api.mercadopago.com/v1/chargebacks/documentation/op/op-5d0e1c2b-7a34-4f8e-9b61-2c3d4e5f6a7b',
          description: 'File: invoice-4471.pdf, Size: 48211',
        },
      ],
      date_documentation_deadline: '2024-11-08T23:59:59.000-04:00',
      date_created: '2024-10-29T18:03:11.000-04:00',
      date_last_updated: '2024-11-02T10:27:56.000-04:00',
      live_mode: true,
    },
  ];
}

function stores(ids: TargetIds): Store[] {
  return [
    {
      id: ids.storeId,
      name: 'Sucursal Palermo',
      date_creation: '2023-04-16T14:54:28.573-04:00',
      business_hours: {
        monday: [
          { open: '08:00', close: '13:00' },
          { open: '14:00', close: '19:00' },
        ],
        tuesday: [{ open: '08:00', close: '19:00' }],
        wednesday: [{ open: '08:00', close: '19:00' }],
        saturday: [{ open: '10:00', close: '14:00' }],
      },
      location: {
        address_line: 'Av. Santa Fe 3253, Palermo, Buenos Aires, Argentina',
        reference: 'Frente a la plaza',
        latitude: -34.58753,
        longitude: -58.41041,
      },
      external_id: 'SUC001',
    },
    {
      id: OTHER_SEEDED_IDS.secondStoreId,
      name: 'Sucursal Belgrano',
      date_creation: '2023-06-02T09:31:07.114-04:00',
      business_hours: {
        monday: [{ open: '09:00', close: '18:00' }],
        friday: [{ open: '09:00', close: '21:00' }],
      },
      location: {
        address_line: 'Av. Cabildo 2040, Belgrano, Buenos Aires, Argentina',
        reference: 'Local 4',
        latitude: -34.56171,
        longitude: -58.45622,
      },
      external_id: 'SUC002',
    },
  ];
}

export function defaultSettlementReportConfig(userId: number): SettlementReportConfig {
  return {
    file_name_prefix: `settlement-report-${userId}`,
    display_timezone: 'GMT-04',
    include_withdrawal_at_end: true,
    scheduled: false,
    execute_after_withdrawal: false,
    columns: [{ key: 'TRANSACTION_DATE' }, { key: 'SOURCE_ID' }, { key: 'EXTERNAL_REFERENCE' }],
    report_translation: 'es',
    frequency: {
      hour: 0,
      value: 1,
      type: 'monthly',
      shipping_detail: true,
      coupon_detailed: true,
      show_chargeback_cancel: true,
      show_fee_prevision: false,
    },
  };
}

export interface SeedData {
  testUsers: Map<number, TestUser[]>;
  plans: SubscriptionPlan[];
  claims: Claim[];
  claimReasons: ClaimReason[];
  chargebacks: Chargeback[];
  stores: Store[];
  agreements: Agreement[];
  settlementConfigs: Map<number, SettlementReportConfig>;
}

/** Fresh seed data; `ids` places the seeded resources under other ids (a conformant variant does). */
export function createSeedData(ids: TargetIds = SEEDED_IDS): SeedData {
  return {
    testUsers: new Map([
      [SELLER_USER_ID, [1320450311, 1320450398, 1320451127].map((id, i) => testUser(id, i + 1, 'MLA'))],
      [OTHER_INTEGRATOR_USER_ID, [testUser(1320460042, 5, 'MLB')]],
    ]),
    plans: [
      plan(ids.planId, 'Yoga classes', 1500, '2024-02-27T17:37:06.459-04:00'),
      plan(OTHER_SEEDED_IDS.secondPlanId, 'Premium streaming', 3200, '2024-05-13T08:14:06.082-04:00'),
    ],
    claims: [
      openedClaim(OPENED_CLAIM_ID, '2024-10-21T15:32:08.914-04:00', '2024-10-28T23:59:59.000-04:00'),
      closedClaim(),
    ],
    claimReasons: claimReasons(ids),
    chargebacks: chargebacks(ids),
    stores: stores(ids),
    agreements: [
      {
        id: ids.agreementId,
        clientId: MAIN_APPLICATION.clientId,
        payerId: BUYER_USER_ID,
        dateCreated: '2024-07-03T12:00:41.210-04:00',
      },
      {
        id: OTHER_SEEDED_IDS.secondAgreementId,
        clientId: MAIN_APPLICATION.clientId,
        payerId: BUYER_USER_ID + 7,
        dateCreated: '2024-08-19T09:45:12.771-04:00',
      },
    ],
    settlementConfigs: new Map(
      [SELLER_USER_ID, OTHER_INTEGRATOR_USER_ID].map((id) => [id, defaultSettlementReportConfig(id)]),
    ),
  };
}
