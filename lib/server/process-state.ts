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

/**
 * Runs `work` now and then every `intervalMs`, once per process whatever calls it again (by
 * `name`), and never two runs at once: a run still going when the next is due makes that one skip.
 * The timer is unref'd, so it alone never keeps a process (a script, a test, a build worker) alive.
 */
export function repeatInProcess(name: string, intervalMs: number, work: () => Promise<void>): void {
  const slot = processSlot<NodeJS.Timeout>(`${name}.timer`);
  if (slot.get()) return;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await work();
    } finally {
      running = false;
    }
  };
  slot.set(setInterval(() => void run(), intervalMs).unref());
  setTimeout(() => void run(), 0).unref();
}
