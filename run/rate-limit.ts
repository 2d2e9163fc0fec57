/**
 * Waiting out a target's 429 answers (the token endpoint's documented `local_rate_limited`, or any rate
 * limit a real sandbox applies): for as long as its Retry-After says, else a back-off that doubles from a
 * second, and never more than RATE_LIMIT_WAIT_BOUND_MS for one request. A request still refused then
 * could not be tested; it is never a deviation. The waits are counted, and the run's summary names them.
 */
/** The most one request waits on 429 answers before its test counts as not tested. */
export const RATE_LIMIT_WAIT_BOUND_MS = 60_000;
const FIRST_BACK_OFF_MS = 1_000;

export const RATE_LIMITED = (what: string, waitedMs: number) =>
  `${what} was still answered 429 after waiting ${Math.round(waitedMs / 1000)} s, the bound of a request's wait (${RATE_LIMIT_WAIT_BOUND_MS / 1000} s): the target's rate limit kept it from being tested; this is not a contract result`;

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
 * How long to wait before the next attempt after a 429, given what the request already waited and its
 * attempt number (1 for the first 429); undefined once the wait would pass the bound.
 */
export function nextWaitMs(
  retryAfter: string | undefined,
  attempt: number,
  waitedMs: number,
): number | undefined {
  const wait = retryAfterMs(retryAfter) ?? FIRST_BACK_OFF_MS * 2 ** (attempt - 1);
  return waitedMs + wait > RATE_LIMIT_WAIT_BOUND_MS ? undefined : wait;
}

/**
 * Sends with `send`, and again after each 429 for as long as the bound allows (nextWaitMs), telling
 * `onWait` of each wait. Answers the last answer (a 429 only when the bound ended the waits) and the time
 * waited: the one loop for the run's set-up and every test's requests.
 */
export async function waitingOut429<A extends { status: number; headers: Record<string, string> }>(
  send: () => Promise<A>,
  onWait: (ms: number) => void = () => undefined,
): Promise<{ answer: A; waitedMs: number }> {
  let answer = await send();
  let waitedMs = 0;
  for (let attempt = 1; answer.status === 429; attempt++) {
    const wait = nextWaitMs(answer.headers['retry-after'], attempt, waitedMs);
    if (wait === undefined) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
    waitedMs += wait;
    onWait(wait);
    answer = await send();
  }
  return { answer, waitedMs };
}
