/**
 * Timestamps as the spec writes them: ISO 8601 with milliseconds and a UTC offset
 * (`2024-01-26T08:18:23.229-04:00`), in the wall-clock time of the given offset.
 */
const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

export function formatWithOffset(epochMs: number, utcOffsetMinutes: number): string {
  const wallClock = new Date(epochMs + utcOffsetMinutes * MINUTE_MS).toISOString().slice(0, 23);
  const sign = utcOffsetMinutes < 0 ? '-' : '+';
  const magnitude = Math.abs(utcOffsetMinutes);
  return `${wallClock}${sign}${pad(Math.floor(magnitude / 60))}:${pad(magnitude % 60)}`;
}

/** Epoch ms of the UTC instant whose wall-clock time at the offset is `dayEpochMs` + `minuteOfDay`. */
export function atLocalMinute(dayEpochMs: number, minuteOfDay: number, utcOffsetMinutes: number): number {
  const dayStart = Math.floor(dayEpochMs / DAY_MS) * DAY_MS;
  return dayStart + (minuteOfDay - utcOffsetMinutes) * MINUTE_MS;
}

/**
 * The default reference date of the factories: 00:00 UTC on 1 January of the current year. Output for
 * a seed stays the same all year, and dates generated at least a year after it are always in the future
 * (docs/decisions.md, "Preference factory").
 */
export function startOfCurrentUtcYear(now: number = Date.now()): number {
  return Date.UTC(new Date(now).getUTCFullYear(), 0, 1);
}
