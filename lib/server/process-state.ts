/**
 * State that must exist once per process. It lives on globalThis under a registered symbol because
 * dev hot reload (and a bundler loading a module twice) evaluates modules again: a second database
 * on the same PGlite files, a second scheduler or a second pull must never start.
 */
export interface ProcessSlot<T> {
  get(): T | undefined;
  set(value: T): T;
  clear(): void;
}

const store = globalThis as Record<symbol, unknown>;

/** A named place for one value per process, which can be emptied and filled again. */
export function processSlot<T>(name: string): ProcessSlot<T> {
  const key = Symbol.for(`daybook.${name}`);
  return {
    get: () => store[key] as T | undefined,
    set: (value) => (store[key] = value) as T,
    clear: () => {
      delete store[key];
    },
  };
}

/** One value per process, made on first use. */
export function processWide<T>(name: string, create: () => T): T {
  const slot = processSlot<T>(name);
  return slot.get() ?? slot.set(create());
}
