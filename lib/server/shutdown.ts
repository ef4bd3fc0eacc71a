/**
 * What must happen before the process exits: above all, the embedded database closed, so that its
 * next start needs no recovery and its lock file is gone. Kept on globalThis under a registered
 * symbol, because the production server (scripts/server.mjs, plain JavaScript outside the bundle)
 * runs the hooks that the bundled code registered: `globalThis[Symbol.for("daybook.shutdown")].run()`.
 */
import { describeErrorForLog, log } from "@/lib/server/log";
import { stopRepeats } from "@/lib/server/process-state";

interface ShutdownRegistry {
  hooks: Map<string, () => Promise<void>>;
  run(): Promise<void>;
}

const KEY = Symbol.for("daybook.shutdown");

function registry(): ShutdownRegistry {
  const store = globalThis as Record<symbol, ShutdownRegistry | undefined>;
  let found = store[KEY];
  if (!found) {
    const hooks = new Map<string, () => Promise<void>>();
    let running: Promise<void> | undefined;
    found = {
      hooks,
      // Once, however many signals arrive. Scheduled work first: a pull or a mail run in progress
      // ends and releases its lock before the database it uses closes. A hook that fails does not
      // keep the others from running.
      run: () =>
        (running ??= stopRepeats()
          .catch(() => {})
          .then(() => Promise.allSettled([...hooks.values()].map((hook) => hook())))
          .then((results) => {
            for (const result of results) {
              if (result.status === "rejected") {
                const reason: unknown = result.reason;
                log.error(`Daybook: while stopping: ${describeErrorForLog(reason)}`);
              }
            }
          })),
    };
    store[KEY] = found;
  }
  return found;
}

/** Registers (or replaces, by name) something to do before the process exits. */
export function onShutdown(name: string, hook: () => Promise<void>): void {
  registry().hooks.set(name, hook);
}

export function runShutdown(): Promise<void> {
  return registry().run();
}

/**
 * For command-line scripts: on SIGTERM or SIGINT, run the hooks (close the database) and exit with
 * `code`. Without this, Node's default ends the process at once, leaving the lock and the files
 * mid-write.
 */
export function exitOnSignals(code: number, message?: string): void {
  const stop = () => {
    if (message) log.error(message);
    void runShutdown().finally(() => process.exit(code));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
