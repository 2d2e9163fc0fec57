/** Small builders the variations' response rewrites are written with. */
import { timestampWithOffset } from '../clock.ts';
import type { MockHttpError } from '../errors.ts';
import type { MutableResponse, Rewrite } from './effects.ts';

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isSuccess = (status: number) => status >= 200 && status < 300;

/** Applies `change` to the body of a 2xx JSON object response. */
export function onSuccess(change: (body: JsonObject, response: MutableResponse) => void): Rewrite {
  return (response) => {
    if (isSuccess(response.status) && isObject(response.body)) change(response.body, response);
  };
}

/** Applies `change` to an error response (status >= 400) whose body is a JSON object. */
export function onError(change: (body: JsonObject, response: MutableResponse) => void): Rewrite {
  return (response) => {
    if (response.status >= 400 && isObject(response.body)) change(response.body, response);
  };
}

/** Answers with the mock's own error instead (its status and body), as a route that threw it would. */
export function answerError(response: MutableResponse, error: MockHttpError): void {
  response.status = error.status;
  response.body = error.toBody();
}

/** Changes the HTTP status, and the body's `status` field with it. */
export function setStatus(response: MutableResponse, body: JsonObject, status: number): void {
  response.status = status;
  body.status = status;
}

/** `2024-10-17T12:48:24.000-04:00` -> `2024-10-17T12:48:24.000`: the same local time, offset dropped. */
export function withoutOffset(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/(Z|[+-]\d{2}:\d{2})$/, '') : value;
}

/** A timestamp with offset written in UTC with a trailing Z (the same instant). */
export function inUtc(value: unknown): unknown {
  if (typeof value !== 'string' || !/T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/.test(value)) return value;
  const instant = Date.parse(value);
  return Number.isNaN(instant) ? value : new Date(instant).toISOString();
}

export const numericString = (value: unknown) => (typeof value === 'number' ? String(value) : value);

/** Applies `change` to every value of a JSON document, depth first; `change` answers the new value. */
export function mapValues(
  value: unknown,
  change: (value: unknown, key: string) => unknown,
  key = '',
): unknown {
  if (Array.isArray(value)) return value.map((item) => mapValues(item, change, key));
  if (isObject(value)) {
    for (const [name, inner] of Object.entries(value)) value[name] = mapValues(inner, change, name);
    return value;
  }
  return change(value, key);
}

/** Applies `change` to every object of a JSON document (the root included). */
export function forEachObject(value: unknown, change: (object: JsonObject) => void): void {
  if (Array.isArray(value)) for (const item of value) forEachObject(item, change);
  else if (isObject(value)) {
    change(value);
    for (const inner of Object.values(value)) forEachObject(inner, change);
  }
}

/** Re-exported so rewrites of timestamps share the mock's one formatting. */
export { timestampWithOffset };
