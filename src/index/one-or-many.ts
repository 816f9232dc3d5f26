// A map value that is one item or several. Most package names have one version, one OSV key,
// and most OSV keys one name: kept as the item itself rather than in an array of one, each saves
// two heap objects, and at portfolio scale there are millions of them. Fewer objects is less for
// the garbage collector to mark while requests wait (docs/architecture.md, "Applying a change").
export type OneOrMany<T> = T | T[];

/** The items of a value (an array of one is made for a single item). T must not be an array. */
export function itemsOf<T>(value: OneOrMany<T> | undefined): readonly T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The value with `item` added: a single item becomes an array of two; an array grows in place. */
export function withItem<T>(value: OneOrMany<T> | undefined, item: T): OneOrMany<T> {
  if (value === undefined) return item;
  if (Array.isArray(value)) {
    value.push(item);
    return value;
  }
  return [value, item];
}

/** The first item of a value. */
export function firstOf<T>(value: OneOrMany<T>): T {
  return Array.isArray(value) ? value[0] : value;
}

/** Whether some item of a value passes `test` (no array made for a single item). */
export function someItem<T>(value: OneOrMany<T>, test: (item: T) => boolean): boolean {
  return Array.isArray(value) ? value.some(test) : test(value);
}
