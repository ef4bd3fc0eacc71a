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

interface Repeat {
  timer: NodeJS.Timeout;
  /** The run in progress, if any. */
  running?: Promise<void>;
}

const repeats = processWide("repeats", () => new Map<string, Repeat>());

/**
 * Runs `work` now and then every `intervalMs`, once per process whatever calls it again (by
 * `name`), and never two runs at once: a run still going when the next is due makes that one skip.
 * The timer is unref'd, so it alone never keeps a process (a script, a test, a build worker) alive.
 */
export function repeatInProcess(name: string, intervalMs: number, work: () => Promise<void>): void {
  if (repeats.has(name)) return;
  const run = () => {
    const repeat = repeats.get(name);
    if (!repeat || repeat.running) return;
    repeat.running = work()
      .catch(() => {})
      .finally(() => {
        repeat.running = undefined;
      });
  };
  repeats.set(name, { timer: setInterval(run, intervalMs).unref() });
  setTimeout(run, 0).unref();
}

/**
 * Stops every repeat (a stopping server): no run starts again, and the promise settles once the
 * runs in progress have ended, so that the locks they hold are released before the database closes.
 */
export async function stopRepeats(): Promise<void> {
  const running: Promise<void>[] = [];
  for (const [name, repeat] of repeats) {
    clearInterval(repeat.timer);
    if (repeat.running) running.push(repeat.running);
    repeats.delete(name);
  }
  await Promise.all(running);
}
