/**
 * Daybook's commands as an operator runs them, for the tests of `scripts/`: a process of its own from
 * the project's root, run to its end, giving its exit code and what it printed (a non-zero exit is
 * an answer to check, not a failure to throw).
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export const ROOT = path.resolve(import.meta.dirname, "../..");

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
