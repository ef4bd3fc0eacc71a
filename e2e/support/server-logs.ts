import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { E2E_SERVER_LOG } from "./ports";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Everything the e2e server wrote, for tests that check no secret reaches a log: its terminal
 * output, and the simulator's request log, which the demo keeps in a file and names on the
 * terminal. Reading the name there, rather than assuming it, means the file cannot drop out of
 * the checks unnoticed: without the line this throws.
 */
export function serverLogFiles(): { name: string; text: string }[] {
  const terminal = readFileSync(E2E_SERVER_LOG, "utf8");
  const named = /^Simulator request log: (\S+)/m.exec(terminal)?.[1];
  if (named === undefined) {
    throw new Error(`the e2e server's output (${E2E_SERVER_LOG}) does not say where the simulator's request log is`);
  }
  return [
    { name: path.basename(E2E_SERVER_LOG), text: terminal },
    { name: path.basename(named), text: readFileSync(path.resolve(ROOT, named), "utf8") },
  ];
}

/** The server's and the simulator's logs as one text. */
export function serverLogs(): string {
  return serverLogFiles()
    .map((file) => file.text)
    .join("\n");
}
