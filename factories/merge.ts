/** Deep partial of a request shape: what a caller may pass as `overrides`. */
export type Overrides<T> = T extends readonly (infer E)[]
  ? readonly (Overrides<E> | undefined)[]
  : T extends object
    ? { [K in keyof T]?: Overrides<T[K]> | undefined }
    : T;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Applies `overrides` over `base` without touching either: objects merge key by key, arrays merge
 * element by element (so `{ items: [{ quantity: 3 }] }` changes only the first item), anything else
 * replaces. A key set to `undefined` in the overrides removes that field, so a test can drop one.
 */
export function deepMerge<T>(base: T, overrides: unknown): T {
  return mergeValue(base, overrides) as T;
}

function mergeValue(base: unknown, override: unknown): unknown {
  if (Array.isArray(override)) {
    const baseItems: readonly unknown[] = Array.isArray(base) ? base : [];
    const length = Math.max(baseItems.length, override.length);
    return Array.from({ length }, (_, index) =>
      index < override.length && override[index] !== undefined
        ? mergeValue(baseItems[index], override[index])
        : structuredClone(baseItems[index]),
    );
  }
  if (isPlainObject(override)) {
    const merged: Record<string, unknown> = isPlainObject(base) ? structuredClone(base) : {};
    for (const [key, value] of Object.entries(override)) {
      if (value === undefined) delete merged[key];
      else merged[key] = mergeValue(merged[key], value);
    }
    return merged;
  }
  return override === undefined ? structuredClone(base) : override;
}
