// A port object whose every method runs inside the store's guard (its failures become
// StoreErrors naming what was being done), as the store's own methods do.

export type Guard = <T>(doing: string, run: () => Promise<T>) => Promise<T>;

export function guardedMethods<T extends object>(port: T, what: string, guard: Guard): T {
  return new Proxy(port, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || property === 'constructor') return value;
      return (...args: unknown[]): Promise<unknown> =>
        guard(`${what} (${String(property)})`, () =>
          (value as (...a: unknown[]) => Promise<unknown>).apply(target, args),
        );
    },
  });
}
