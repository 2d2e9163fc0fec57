/**
 * When the suite sends a request again, and how long it waits first: the answers by which a target says
 * "not now" rather than anything about the request.
 * - 429 (the token endpoint's documented `local_rate_limited`, or any rate limit a real sandbox applies),
 *   to any request: for as long as its Retry-After says, else a back-off that doubles from a second, up
 *   to RATE_LIMIT_RESENDS times within RATE_LIMIT_WAIT_BOUND_MS for one request.
 * - 502, 503, 504 (a gateway, or an overloaded server, that did not serve the request just then), to a
 *   safe request only (RFC 9110 9.2.1: GET, HEAD, OPTIONS), whose repeat cannot change what the target
 *   holds: a repeated POST might create twice (the set-up's token grant is the one POST sent again). At
 *   most UNAVAILABLE_RESENDS times within UNAVAILABLE_WAIT_BOUND_MS: a sandbox's blip is over in
 *   seconds, an outage is not waited out. Once a read was still unavailable after all its sends the
 *   target is down, not blipping: this process sends no read again until the target serves a request.
 * The two bounds are apart: one request may wait on both. A request still answered so after its waits
 * could not be tested; it is never a deviation. The waits are counted, and the run's summary names them.
 */
import { UNAVAILABLE_STATUSES } from '../lib/failures.ts';

/** The most one request waits on 429 answers before its test counts as not tested. */
export const RATE_LIMIT_WAIT_BOUND_MS = 60_000;
/** How often a request answered 429 is sent again, at most. */
export const RATE_LIMIT_RESENDS = 10;
/** The most one safe request waits on 502, 503 and 504 answers: a blip, not an outage. */
export const UNAVAILABLE_WAIT_BOUND_MS = 10_000;
/** How often a safe request answered 502, 503 or 504 is sent again, at most. */
export const UNAVAILABLE_RESENDS = 2;
const FIRST_BACK_OFF_MS = 1_000;

/** Methods whose repeat changes nothing on the target (RFC 9110 9.2.1). */
const SAFE_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/** Whether a request of `method` is a read, safe to send again. */
export const isRead = (method: string) => SAFE_METHODS.includes(method.toUpperCase());

/** How many more sends, in words: "once", "2 times". */
export const moreSends = (times: number) => (times === 1 ? 'once' : `${times} times`);

export const RATE_LIMITED = (what: string, resent: { times: number; ms: number }) =>
  `${what} was still answered 429 after being sent ${moreSends(resent.times)} more over ${Math.round(resent.ms / 1000)} s, the most a request waits on a rate limit (${RATE_LIMIT_RESENDS} sends within ${RATE_LIMIT_WAIT_BOUND_MS / 1000} s): the target's rate limit kept it from being tested; this is not a contract result`;

/** What a Retry-After header asks for, in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: number = Date.now()): number | undefined {
  const value = header?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its day and month (`Fri, 27 Nov 2026 12:00:05 GMT`); Date.parse would also read
  // a bare `-1` as a year.
  if (!/[A-Za-z]{3}/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * How long to wait before sending again after an answer of `status` (429, or 502, 503, 504), given its
 * Retry-After, its attempt number (1 for the first such answer) and what the request already waited on
 * answers of that kind; undefined once the wait would pass the bound, or the resends are used up.
 */
export function nextWaitMs(
  status: number,
  retryAfter: string | undefined,
  attempt: number,
  waitedMs: number,
): number | undefined {
  const unavailable = UNAVAILABLE_STATUSES.includes(status);
  // A cap on the sends as well as on the time: a target answering "Retry-After: 0" again and again is
  // not sent a request after another as fast as they go.
  if (attempt > (unavailable ? UNAVAILABLE_RESENDS : RATE_LIMIT_RESENDS)) return undefined;
  const bound = unavailable ? UNAVAILABLE_WAIT_BOUND_MS : RATE_LIMIT_WAIT_BOUND_MS;
  const wait = retryAfterMs(retryAfter) ?? FIRST_BACK_OFF_MS * 2 ** (attempt - 1);
  return waitedMs + wait > bound ? undefined : wait;
}

/** What a process has learnt of a target between requests. */
export interface TargetOutage {
  /**
   * A read was still answered 502, 503 or 504 after all its sends: the target is down, not blipping, and
   * reads are not sent again until it serves a request again.
   */
  down: boolean;
}

const OUTAGES = new Map<string, TargetOutage>();

/**
 * What this process has learnt of the target at `baseUrl`: a worker's tests share it, and a worker
 * serving several targets (the mutation gate's) keeps one for each.
 */
export function outageOf(baseUrl: string): TargetOutage {
  const known = OUTAGES.get(baseUrl) ?? { down: false };
  OUTAGES.set(baseUrl, known);
  return known;
}

export interface Resending {
  /** Whether a 429 is waited out (a test that asks for the 429 itself says no). */
  rateLimits?: boolean;
  /**
   * A request whose repeat changes nothing that matters though its method is not safe: the set-up's
   * token grant, whose repeat only issues one more token.
   */
  repeatable?: boolean;
  /** Told of each wait, with the status waited on. */
  onWait?: (status: number, ms: number) => void;
  /** The target's (outageOf). */
  outage: TargetOutage;
  /** How a wait is waited (a timer; the self-tests record the waits instead). */
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends with `send`, and again after each answer the policy above waits out, telling `onWait` of each
 * wait. Answers the last answer (a 429, 502, 503 or 504 only when the waits ended) and how often and
 * how long it was sent again on each kind of answer: the one loop for the set-up and every test's requests.
 */
export async function sendingAgain<A extends { status: number; headers: Record<string, string> }>(
  method: string,
  send: () => Promise<A>,
  { rateLimits = true, repeatable = false, onWait = () => undefined, outage, sleep = sleepFor }: Resending,
): Promise<{ answer: A; resent: Record<'rateLimit' | 'unavailable', { times: number; ms: number }> }> {
  const resent = { rateLimit: { times: 0, ms: 0 }, unavailable: { times: 0, ms: 0 } };
  const read = isRead(method);
  const kindOf = (status: number) =>
    status === 429 && rateLimits
      ? ('rateLimit' as const)
      : UNAVAILABLE_STATUSES.includes(status) && (read || repeatable) && !outage.down
        ? ('unavailable' as const)
        : undefined;
  for (;;) {
    const answer = await send();
    // Any request served says the target is up again, whatever the status.
    if (!UNAVAILABLE_STATUSES.includes(answer.status)) outage.down = false;
    const kind = kindOf(answer.status);
    const before = kind && resent[kind];
    const wait =
      before && nextWaitMs(answer.status, answer.headers['retry-after'], before.times + 1, before.ms);
    if (!before || wait === undefined) {
      // Only a read that used up its sends tells of an outage; a Retry-After past the bound tells of
      // nothing but itself.
      if (kind === 'unavailable' && read && resent.unavailable.times >= UNAVAILABLE_RESENDS)
        outage.down = true;
      return { answer, resent };
    }
    await sleep(wait);
    before.times++;
    before.ms += wait;
    onWait(answer.status, wait);
  }
}
