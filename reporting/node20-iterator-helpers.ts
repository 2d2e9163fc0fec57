/**
 * Allure 3.18's quality gate calls `Iterator.prototype.toArray()`, an ES2025 iterator helper that Node 20
 * (the project's runtime) lacks, so `validate()` throws "toArray is not a function". This supplies that one
 * method, only when missing, before the report scripts load Allure. Remove it when Node 22 is the floor.
 */
const iteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) as {
  toArray?: () => unknown[];
};

if (typeof iteratorPrototype.toArray !== 'function') {
  Object.defineProperty(iteratorPrototype, 'toArray', {
    configurable: true,
    writable: true,
    value: function toArray(this: Iterable<unknown>) {
      return [...this];
    },
  });
}

export {};
