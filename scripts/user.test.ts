import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "daybook-user-cli-"));

/** The operator's command, as a separate process on its own embedded database. */
async function user(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/user.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, PARTNER_API_BASE_URL: "", DATABASE_URL: "", DAYBOOK_DATA_DIR: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run user", () => {
  it("adds an account with a generated password, lists it, resets and disables it", async () => {
    const added = await user(
      "add",
      "--email",
      "Ops@Example.com",
      "--name",
      "Ops",
      "--role",
      "regional",
      "--properties",
      "Harbour View Hotel,Outback Rest",
    );
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^Created ops@example\.com \(regional\)\. Password: \S{20}/);

    const listed = await user("list");
    expect(listed.stdout).toContain("ops@example.com\tregional\tactive\tHarbour View Hotel, Outback Rest");

    const reset = await user("reset", "--email", "ops@example.com");
    expect(reset.stdout).toMatch(/New password set for ops@example\.com; its sessions have ended\. Password: \S{20}/);

    expect((await user("disable", "--email", "ops@example.com")).code).toBe(0);
    expect((await user("list")).stdout).toContain("ops@example.com\tregional\tdisabled");
  }, 60_000);

  it("explains a mistake and exits 2 without touching anything", async () => {
    const wrongRole = await user("add", "--email", "x@example.com", "--role", "owner", "--all");
    expect(wrongRole.code).toBe(2);
    expect(wrongRole.stderr).toContain("--role must be one of viewer, supervisor, regional, admin.");
    const unknown = await user("reset", "--email", "nobody@example.com");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("No account has the e-mail nobody@example.com.");
  }, 60_000);
});
