// Daybook's own commands (`npm run demo`, `npm start`, `npm run user`) run as child processes by the
// tests that check how they start and stop, each with its own ports and data directory.
import { spawn } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

import { commandEnv } from "@/tests/support/commands";
import { logMessages } from "@/tests/support/log-lines";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The test run's environment without anything that would point a command at the suite's server. */
export function ownEnv(): NodeJS.ProcessEnv {
  return commandEnv();
}

/** Whether `url` answers 200 now (a server that is up); a refused connection is a no. */
export async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: "manual" });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface Child {
  pid: number;
  /** stdout and stderr as they arrive, one entry a line, without colours, log lines as their messages. */
  lines: string[];
  /** The same lines as printed (without colours): a log line keeps its time and level. */
  printed: string[];
  exited: Promise<number | null>;
  /** Both streams read to their end: every line the process group printed is in `lines`. */
  drained: Promise<void>;
}

/**
 * `node <args>` from the project's root, in a process group of its own, so that `stopAll` can end
 * whatever it started (the demo's simulator too), however it ended.
 */
export function startNode(args: string[], env: NodeJS.ProcessEnv, started: Child[]): Child {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`node ${args[0]} did not start`);
  const lines: string[] = [];
  const printed: string[] = [];
  const ends: Promise<void>[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    const reader = createInterface({ input: stream, crlfDelay: Infinity });
    reader.on("line", (line) => {
      const plain = stripVTControlCharacters(line);
      printed.push(plain);
      lines.push(...logMessages(plain));
    });
    ends.push(new Promise((resolve) => reader.once("close", () => resolve())));
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const started_ = { pid, lines, printed, exited, drained: Promise.all(ends).then(() => undefined) };
  started.push(started_);
  return started_;
}

/** Ends every process group in `started`. */
export function stopAll(started: readonly Child[]): void {
  for (const child of started) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // the group has ended
    }
  }
}
