/**
 * Daybook's commands as an operator runs them, for the tests of `scripts/`: a process of its own from
 * the project's root, run to its end, giving its exit code and what it printed (a non-zero exit is
 * an answer to check, not a failure to throw).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

import { TEST_NODE_FLAGS } from "./node-flags";

const run = promisify(execFile);

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** The shell's settings that would point a command elsewhere than the database and ports a test gives it. */
const NOT_INHERITED = /^(DAYBOOK_|PARTNER_API_|AUTH_|NEXT_|E2E_|SMTP_)|^(DATABASE_URL|PORT|HOSTNAME|NODE_OPTIONS)$/;

/**
 * The environment a command runs in: the test run's own (PATH, HOME, the locale), without any of
 * Daybook's settings, then exactly those the test gives.
 */
export function commandEnv(settings: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (NOT_INHERITED.test(name)) delete env[name];
  return { ...env, ...settings };
}

/**
 * The server-actions key the last `npm run build` embedded. A live-mode instance must be given the
 * key its build was made with (start-up compares them), so tests that start the build in live mode pass this one.
 */
export function builtServerActionsKey(appDir = ROOT): string {
  const manifest = path.join(appDir, ".next", "server", "server-reference-manifest.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { encryptionKey: string }).encryptionKey;
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runToEnd(file: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await run(file, [...args], { cwd: ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** `npm run <script> -- <args>`, npm and all. */
export function npmRun(script: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return runToEnd("npm", ["run", "--silent", script, ...(args.length ? ["--", ...args] : [])], env);
}

let packageScripts: Record<string, string> | undefined;

/**
 * The Node arguments of the process `npm run <script>` ends in, from package.json's own line
 * (`tsx [flags] file`, e.g. `tsx --conditions=react-server scripts/sync.ts`): its flags, tsx as
 * Node's loader, and the file; with the test run's V8 flags (tests/support/node-flags.ts) first.
 */
export function scriptNodeArgs(script: string): string[] {
  packageScripts ??= (
    JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
  ).scripts;
  const [runner, ...rest] = (packageScripts[script] ?? "").split(" ");
  const flags = rest.slice(0, -1);
  if (runner !== "tsx" || rest.length === 0 || !flags.every((flag) => flag.startsWith("--"))) {
    throw new Error(`package.json's "${script}" is not "tsx [flags] file": ${packageScripts[script]}`);
  }
  return [...TEST_NODE_FLAGS, ...flags, "--import", "tsx", rest.at(-1)!];
}

/**
 * What `npm run <script> -- <args>` runs, without npm and tsx's launcher in front (a third of a
 * second of start-up each): for a test's further runs of a command once it has run it through npm.
 */
export function runScript(script: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return runToEnd(process.execPath, [...scriptNodeArgs(script), ...args], env);
}
