/**
 * The mock's stateful store: the seed plus everything minted or changed at run time (tokens, codes,
 * preferences, reports, claim and agreement transitions). `reset()` restores the seed.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { TargetIds } from '../lib/target.ts';
import { MockClock, timestampWithOffset, tokenDateStamp } from './clock.ts';
import {
  APPLICATIONS,
  createSeedData,
  defaultSettlementReportConfig,
  openedClaim,
  type Agreement,
  type Application,
  type Chargeback,
  type Claim,
  type ClaimReason,
  type SeedData,
  type SettlementReportConfig,
  type Store,
  type SubscriptionPlan,
  type TestUser,
  SEEDED_IDS,
} from './seed.ts';
import { FAITHFUL_RULES, type MockRules } from './rules.ts';

/** How a token came about: the application's own grant, or a user's consent (a code, or a refresh of it). */
export type TokenFlow = 'application' | 'authorization';

export interface AccessToken {
  value: string;
  clientId: string;
  userId: number;
  scope: string;
  live: boolean;
  flow: TokenFlow;
  issuedAt: number;
  expiresIn: number;
  /** The grant it came from, shared by a code's exchange and every refresh after (revoked together). */
  family: string;
}

/** A single-use grant: an authorization code or a refresh token. */
export interface Grant {
  value: string;
  clientId: string;
  userId: number;
  scope: string;
  issuedAt: number;
  redirectUri?: string;
  live?: boolean;
  /** Refresh tokens only: how many refreshes lie behind this one in its chain (0 for a grant's first). */
  refreshes?: number;
  /** Refresh tokens only: the flow of the token it was issued with, which its refreshes keep. */
  flow?: TokenFlow;
  /** Refresh tokens only: the family of the access token it was issued with. */
  family?: string;
}

export interface ReleaseReport {
  id: number;
  account_id: number;
  begin_date: string;
  end_date: string;
  created_from: 'manual' | 'schedule';
  currency_id: string;
  generation_date: string;
  internal_management: { is_visible: boolean; notify: boolean; use_exact_time: boolean }[];
  is_reserve: boolean;
  is_test: boolean;
  last_modified: string;
  report_id: number;
  retries: number;
  status: string;
  sub_type: string;
  user_id: number;
  format: string;
}

export type StoredPreference = Record<string, unknown> & { id: string };

/**
 * Random hex for minted values, cut from a pooled buffer: one randomBytes call per 4 KiB instead of one
 * per token (each call costs a system call, ~8 µs, and a token request mints two values).
 */
const RANDOM_POOL_BYTES = 4096;
let randomPool = Buffer.alloc(0);
let randomPoolOffset = 0;
function hex(bytes: number): string {
  if (randomPoolOffset + bytes > randomPool.length) {
    randomPool = randomBytes(Math.max(RANDOM_POOL_BYTES, bytes));
    randomPoolOffset = 0;
  }
  const value = randomPool.toString('hex', randomPoolOffset, randomPoolOffset + bytes);
  randomPoolOffset += bytes;
  return value;
}

/** A token or code with no platform shape: 32 random bytes, base64url. */
function opaqueValue(): string {
  return randomBytes(32).toString('base64url');
}

export class MockState {
  readonly clock: MockClock;
  private seed!: SeedData;
  private readonly accessTokens = new Map<string, AccessToken>();
  private readonly authorizationCodes = new Map<string, Grant>();
  private readonly refreshTokens = new Map<string, Grant>();
  private readonly preferences = new Map<string, StoredPreference>();
  private readonly releaseReports: ReleaseReport[] = [];
  /**
   * Accounts whose release report is scheduled where the rules keep its configuration apart from the
   * settlement one (`scheduleSetsScheduled` false), as the platform does.
   */
  private readonly releaseScheduled = new Set<number>();
  private readonly tokenRequestTimes = new Map<string, number[]>();
  /** Codes and refresh tokens presented once, and the family each issued or belonged to. */
  private readonly presentedGrants = new Map<string, string>();
  /** Families revoked because one of their codes or refresh tokens was presented again. */
  private readonly revokedFamilies = new Set<string>();
  private nextFixtureNumber = 1;

  /** `rules` and `seededIds` differ from the faithful ones only in a variation of the mock (mock/variations/). */
  constructor(
    startTime?: number,
    readonly rules: Readonly<MockRules> = FAITHFUL_RULES,
    private readonly seededIds: Readonly<TargetIds> = SEEDED_IDS,
  ) {
    this.clock = new MockClock(startTime);
    this.reset();
  }

  reset(): void {
    this.seed = createSeedData(this.seededIds);
    this.clock.reset();
    for (const map of [
      this.accessTokens,
      this.authorizationCodes,
      this.refreshTokens,
      this.preferences,
      this.tokenRequestTimes,
      this.presentedGrants,
    ]) {
      map.clear();
    }
    this.releaseReports.length = 0;
    this.releaseScheduled.clear();
    this.revokedFamilies.clear();
    this.nextFixtureNumber = 1;
  }

  now(): number {
    return this.clock.now();
  }

  nowStamp(): string {
    return timestampWithOffset(this.now());
  }

  // Applications and tokens.

  application(clientId: string): Application | undefined {
    return APPLICATIONS.find((app) => app.clientId === clientId);
  }

  mintAccessToken(
    app: Application,
    userId: number,
    scope: string,
    live: boolean,
    flow: TokenFlow,
    /** The code or refresh token it is issued for (undefined: a family of its own). */
    from?: Grant,
  ): AccessToken {
    const prefix = live ? 'APP_USR' : 'TEST';
    const value =
      this.rules.tokenFormat === 'opaque'
        ? opaqueValue()
        : `${prefix}-${app.clientId}-${tokenDateStamp(this.now())}-${hex(16)}-${userId}`;
    const token: AccessToken = {
      value,
      clientId: app.clientId,
      userId,
      scope,
      live,
      flow,
      issuedAt: this.now(),
      expiresIn: this.rules.accessTokenLifetimeSeconds,
      family: from?.family ?? from?.value ?? value,
    };
    // Only a server that revokes on reuse needs to know what each presented grant issued.
    if (from && this.rules.revokeOnReuse) this.presentedGrants.set(from.value, token.family);
    this.accessTokens.set(token.value, token);
    return token;
  }

  /** A known, unexpired access token, or the reason it is not one. */
  findAccessToken(value: string): { token?: AccessToken; expired: boolean } {
    const token = this.accessTokens.get(value);
    if (!token || this.revokedFamilies.has(token.family)) return { expired: false };
    const expired = this.now() >= token.issuedAt + token.expiresIn * 1000;
    if (expired && this.rules.accessTokensExpire) return { expired: true };
    return { token, expired: false };
  }

  private mintGrant(store: Map<string, Grant>, grant: Omit<Grant, 'value' | 'issuedAt'>): Grant {
    const value = this.rules.tokenFormat === 'opaque' ? opaqueValue() : `TG-${hex(12)}-${grant.userId}`;
    const minted: Grant = { ...grant, value, issuedAt: this.now() };
    store.set(minted.value, minted);
    return minted;
  }

  mintAuthorizationCode(app: Application, redirectUri: string): Grant {
    return this.mintGrant(this.authorizationCodes, {
      clientId: app.clientId,
      userId: app.userId,
      scope: '',
      redirectUri,
    });
  }

  mintRefreshToken(token: AccessToken, refreshes = 0): Grant {
    return this.mintGrant(this.refreshTokens, {
      clientId: token.clientId,
      userId: token.userId,
      scope: token.scope,
      live: token.live,
      refreshes,
      flow: token.flow,
      family: token.family,
    });
  }

  /**
   * A code or refresh token presented again after it was exchanged: where the rules say so, what it
   * issued is revoked, its family's access and refresh tokens with it (RFC 6749 §4.1.2's SHOULD for codes).
   */
  revokeIfPresentedAgain(value: string): void {
    const family = this.presentedGrants.get(value);
    if (family !== undefined) this.revokedFamilies.add(family);
  }

  /** Returns a code and, where codes are single use, removes it whatever the outcome of the exchange. */
  consumeAuthorizationCode(value: string): Grant | undefined {
    const grant = this.authorizationCodes.get(value);
    if (this.rules.codesSingleUse) this.authorizationCodes.delete(value);
    return grant;
  }

  /**
   * Ages each of `values` (authorization codes, access tokens, refresh tokens) by `seconds`, as if that
   * much time had passed for it alone: the clock of one credential, so that a test can outlive a code or
   * a token without moving the time of every other test. Answers the values it does not know.
   */
  ageCredentials(values: readonly string[], seconds: number): string[] {
    const unknown: string[] = [];
    for (const value of values) {
      const credential =
        this.accessTokens.get(value) ?? this.authorizationCodes.get(value) ?? this.refreshTokens.get(value);
      if (credential) credential.issuedAt -= seconds * 1000;
      else unknown.push(value);
    }
    return unknown;
  }

  consumeRefreshToken(value: string): Grant | undefined {
    const grant = this.refreshTokens.get(value);
    if (this.rules.refreshTokensSingleUse) this.refreshTokens.delete(value);
    return grant?.family !== undefined && this.revokedFamilies.has(grant.family) ? undefined : grant;
  }

  /**
   * Records a token request of `clientId` and answers how many seconds it must wait, or 0 when it is
   * within `max` requests per `windowSeconds` (sliding window on the mock clock).
   */
  rateLimitDelay(clientId: string, max: number, windowSeconds: number): number {
    const now = this.now();
    const windowMs = windowSeconds * 1000;
    const recent = this.tokenRequestTimes.get(clientId) ?? [];
    // Times are recorded in clock order (the mock clock only moves forward), so the expired ones are at
    // the front: dropping them there is O(1) per request, where filtering copied the whole window each
    // time (under load, thousands of entries per token request).
    while (recent.length > 0 && recent[0]! <= now - windowMs) recent.shift();
    this.tokenRequestTimes.set(clientId, recent);
    if (recent.length >= max) return Math.max(1, Math.ceil((recent[0]! + windowMs - now) / 1000));
    recent.push(now);
    return 0;
  }

  // Checkout.

  storePreference(request: Record<string, unknown>, collectorId: number, clientId: string): StoredPreference {
    const id = `${collectorId}-${randomUUID()}`;
    const preference: StoredPreference = {
      ...request,
      id,
      collector_id: collectorId,
      client_id: clientId,
      date_created: this.nowStamp(),
      init_point: `https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=${id}`,
      sandbox_init_point: `https://sandbox.mercadopago.com.ar/checkout/v1/redirect?pref_id=${id}`,
    };
    this.preferences.set(id, preference);
    return preference;
  }

  // Reports.

  settlementConfig(userId: number): SettlementReportConfig {
    let config = this.seed.settlementConfigs.get(userId);
    if (!config) {
      config = defaultSettlementReportConfig(userId);
      this.seed.settlementConfigs.set(userId, config);
    }
    return config;
  }

  /**
   * The spec's one state transition: a release report is generated and `scheduled` becomes true. Asked
   * again once scheduled, it answers as the rules say (undefined: refused).
   */
  scheduleReleaseReport(userId: number, test: boolean): ReleaseReport | undefined {
    const config = this.settlementConfig(userId);
    if (config.scheduled || this.releaseScheduled.has(userId)) {
      const last = this.releaseReports.findLast((report) => report.user_id === userId);
      if (this.rules.scheduleWhenScheduled === 'refused') return undefined;
      if (this.rules.scheduleWhenScheduled === 'answers-last' && last) return last;
    }
    if (this.rules.scheduleSetsScheduled) config.scheduled = true;
    else this.releaseScheduled.add(userId);
    const now = this.now();
    const nowDate = new Date(now);
    // The interval the configured monthly frequency covers: the previous calendar month, in UTC.
    const begin = Date.UTC(nowDate.getUTCFullYear(), nowDate.getUTCMonth() - 1, 1);
    const end = Date.UTC(nowDate.getUTCFullYear(), nowDate.getUTCMonth(), 1) - 1000;
    const id = 2541818 + this.releaseReports.length + 1;
    const report: ReleaseReport = {
      id,
      account_id: userId,
      begin_date: new Date(begin).toISOString().replace('.000Z', 'Z'),
      end_date: new Date(end).toISOString().replace('.000Z', 'Z'),
      created_from: 'schedule',
      currency_id: 'ARS',
      generation_date: timestampWithOffset(now),
      internal_management: [{ is_visible: true, notify: true, use_exact_time: false }],
      is_reserve: false,
      is_test: test,
      last_modified: timestampWithOffset(now),
      report_id: 96210000 + id,
      retries: 0,
      status: 'processed',
      sub_type: 'release',
      user_id: userId,
      format: 'CSV',
    };
    this.releaseReports.push(report);
    return report;
  }

  // Read-only resources.

  testUsersOf(userId: number): TestUser[] {
    return this.seed.testUsers.get(userId) ?? [];
  }

  plan(id: string): SubscriptionPlan | undefined {
    return this.seed.plans.find((p) => p.id === id);
  }

  claimReason(id: string): ClaimReason | undefined {
    return this.seed.claimReasons.find((r) => r.id === id);
  }

  chargeback(idOrPaymentId: string): Chargeback | undefined {
    const byId = this.seed.chargebacks.find((c) => c.id === idOrPaymentId);
    if (!this.rules.chargebackByPaymentId) return byId;
    return byId ?? this.seed.chargebacks.find((c) => c.payments.some((p) => String(p) === idOrPaymentId));
  }

  store(id: string): Store | undefined {
    return this.seed.stores.find((s) => s.id === id);
  }

  // Claims.

  claim(id: number): Claim | undefined {
    return this.seed.claims.find((c) => c.id === id);
  }

  /** Moves an opened claim at the claim stage to mediation; false when the claim cannot be disputed. */
  openDispute(claim: Claim): boolean {
    if (claim.status !== 'opened' || claim.stage !== 'claim') return false;
    const now = this.nowStamp();
    claim.stage = 'dispute';
    claim.last_updated = now;
    const dueDate = timestampWithOffset(this.now() + 7 * 24 * 3600 * 1000);
    for (const player of claim.players) {
      player.available_actions =
        player.role === 'respondent'
          ? [{ action: 'send_message_to_mediator', due_date: dueDate, mandatory: false }]
          : [];
    }
    return true;
  }

  createClaimFixture(): Claim {
    const id = Math.max(...this.seed.claims.map((c) => c.id)) + 1;
    const claim = openedClaim(id, this.nowStamp(), timestampWithOffset(this.now() + 7 * 24 * 3600 * 1000));
    this.seed.claims.push(claim);
    return claim;
  }

  // Agreements.

  agreement(id: string): Agreement | undefined {
    return this.seed.agreements.find((a) => a.id === id);
  }

  /** Cancels an agreement (false when there is none). */
  cancelAgreement(id: string): boolean {
    if (!this.rules.removeCancelledAgreements) return this.agreement(id) !== undefined;
    const before = this.seed.agreements.length;
    this.seed.agreements = this.seed.agreements.filter((a) => a.id !== id);
    return this.seed.agreements.length < before;
  }

  createAgreementFixture(clientId: string, payerId: number): Agreement {
    const agreement: Agreement = {
      id: `2c9380848${String(this.nextFixtureNumber++).padStart(3, '0')}${hex(10)}`,
      clientId,
      payerId,
      dateCreated: this.nowStamp(),
    };
    this.seed.agreements.push(agreement);
    return agreement;
  }
}
