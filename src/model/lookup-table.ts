// Tables looked up by text that documents and requests choose. An object literal inherits
// `constructor`, `toString`, `__proto__` and the rest, so `TABLE[key]` with the key
// "constructor" found Object itself (a purl of type "constructor" failed with a TypeError, an
// OpenVEX status "constructor" passed as known). A lookup table has no prototype: only its own
// entries are found, by `TABLE[key]` and by `key in TABLE` alike.
export function lookupTable<T>(entries: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}
