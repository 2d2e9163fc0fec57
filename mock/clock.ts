/**
 * The mock's clock (real time from a chosen start, plus whatever /__control/clock advanced) and the
 * platform's timestamp formats.
 */

/** The platform's local offset in its real samples. */
const OFFSET_MINUTES = -4 * 60;

export class MockClock {
  private readonly startedAt = Date.now();
  private advancedMs = 0;

  constructor(private readonly startTime: number = Date.now()) {}

  now(): number {
    return this.startTime + (Date.now() - this.startedAt) + this.advancedMs;
  }

  advance(seconds: number): void {
    this.advancedMs += seconds * 1000;
  }

  reset(): void {
    this.advancedMs = 0;
  }
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** `2024-10-17T12:48:24.000-04:00`: milliseconds and the platform's -04:00 offset. */
export function timestampWithOffset(epochMs: number): string {
  const local = new Date(epochMs + OFFSET_MINUTES * 60_000);
  const sign = OFFSET_MINUTES < 0 ? '-' : '+';
  const abs = Math.abs(OFFSET_MINUTES);
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `.${pad(local.getUTCMilliseconds(), 3)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** `2019-07-01T06:00:00Z`: UTC, whole seconds, as the release report's interval bounds. */
export function timestampUtcZ(epochMs: number): string {
  return new Date(Math.floor(epochMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** `MMddHH` in the platform's local time, the date stamp inside real access tokens. */
export function tokenDateStamp(epochMs: number): string {
  const local = new Date(epochMs + OFFSET_MINUTES * 60_000);
  return `${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}${pad(local.getUTCHours())}`;
}
