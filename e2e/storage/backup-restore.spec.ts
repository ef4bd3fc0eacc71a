// A backup put back: a live Daybook's embedded database with an account and a pulled day is backed
// up with `npm run backup`, restored with `npm run restore` into a new data directory, and the
// production server started on the restored one signs the person in and shows the same stored day.
// The backup is also refused while a server holds the directory. Beside the suite's demo server,
// reading the suite's simulator as its Partner API.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

import { chooseOwnPassword } from "@/e2e/support/accounts";
import { signInWith } from "@/e2e/support/auth";
import { startLiveServer, type LiveServer } from "@/e2e/support/live-server";
import { SIMULATOR_URL } from "@/e2e/support/ports";
import { ROOT } from "@/e2e/support/processes";
import { settled } from "@/e2e/support/settled";
import { DEMO_KEY } from "@/simulator/keys";
import { builtServerActionsKey, commandEnv, runToEnd } from "@/tests/support/commands";

mkdirSync(path.join(ROOT, ".data"), { recursive: true });
const workDir = mkdtempSync(path.join(ROOT, ".data", "e2e-backup-"));
const sourceDir = path.join(workDir, "source");
const restoredDir = path.join(workDir, "restored");
const backupFile = path.join(workDir, "daybook.tar.gz");
const secrets = { AUTH_SECRET: randomBytes(32).toString("base64url") };
let account: LiveServer["account"];
let storedDay: string;
let restored: LiveServer | undefined;

/** One of Daybook's commands, live on the suite's simulator, on `dataDir`. */
function npm(dataDir: string, script: string, ...args: string[]) {
  const env = commandEnv({
    PARTNER_API_BASE_URL: SIMULATOR_URL,
    PARTNER_API_KEY: DEMO_KEY,
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: builtServerActionsKey(),
    DAYBOOK_DATA_DIR: dataDir,
    ...secrets,
  });
  return runToEnd("npm", ["run", "--silent", script, ...(args.length ? ["--", ...args] : [])], env);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const email = "restored-regional@example.com";
  const created = await npm(
    sourceDir,
    "user",
    "add",
    "--email",
    email,
    "--name",
    "Rey Restored",
    "--role",
    "regional",
    "--all",
  );
  expect(created.code, created.stderr).toBe(0);
  const password = /Password: (\S+)/.exec(created.stdout)![1]!;
  account = { email, password, name: "Rey Restored" };

  const pulled = await npm(sourceDir, "sync");
  expect(pulled.code, pulled.stdout + pulled.stderr).toBe(0);
  storedDay = /^Pull stored \(reported day (\d{4}-\d{2}-\d{2})\)/m.exec(pulled.stdout)![1]!;
});

test.afterAll(async () => {
  await restored?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

test("a restored backup starts, signs the person in and shows the same stored day; the backup is refused while a server holds the files", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const backup = await npm(sourceDir, "backup", "--out", backupFile);
  expect(backup.code, backup.stderr).toBe(0);
  expect(backup.stdout).toContain("It holds 1 user, 1 stored day");

  const restore = await npm(restoredDir, "restore", backupFile);
  expect(restore.code, restore.stderr).toBe(0);
  expect(restore.stdout).toContain(`Restored ${backupFile} into ${restoredDir}: 1 user, 1 stored day`);

  restored = await startLiveServer({ existing: { dataDir: restoredDir, account }, env: secrets });
  const held = await npm(restoredDir, "backup", "--out", path.join(workDir, "while-running.tar.gz"));
  expect(held.code).toBe(1);
  expect(held.stderr).toMatch(
    /Cannot back up: the embedded database in .* is in use by process \d+; stop Daybook first/,
  );

  await signInWith(page, account.email, account.password, `${restored.url}/`);
  // Made with `npm run user -- add`: the first sign-in asks for a password of the person's own.
  await chooseOwnPassword(page, account.password, `${account.password}-own`);
  const picker = page.getByLabel("Day", { exact: true });
  await settled(page, picker);
  await expect(page.getByText("1 stored day, pulled by Daybook every day.")).toBeVisible();
  await expect(picker.locator(`option[value="${storedDay}"]`)).toHaveCount(1);
});
