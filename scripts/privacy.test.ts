import { spawn } from "node:child_process";
import { readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { desc } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase } from "@/lib/server/db/open";
import { privacyAssignments, privacyPolicies, privacyRequests } from "@/lib/server/db/schema";
import type { GuestArrival } from "@/lib/server/partner-api/schemas";
import { commandEnv, npmRun, ROOT, runScript, scriptNodeArgs, type CommandResult } from "@/tests/support/commands";
import { migratedDataDir } from "@/tests/support/data-directory";
import { apiFor, pullTime } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

const dataDir = migratedDataDir("daybook-privacy-cli-");
let sim: LaunchedSimulator;
let guests: GuestArrival[] = [];

function env() {
  return commandEnv({
    PARTNER_API_BASE_URL: "",
    PARTNER_API_KEY: "",
    DATABASE_URL: "",
    DAYBOOK_DATA_DIR: dataDir,
    DAYBOOK_SIMULATOR_PORT: new URL(sim.url).port,
    PARTNER_API_RETRY_BASE_DELAY_MS: "5",
  });
}

/**
 * The operator's command, as a script runs it: a process of its own, stdin not a terminal. Through
 * npm once (the first test), to check the wiring; then the process npm runs, which starts sooner.
 */
function privacy(...args: string[]): Promise<CommandResult> {
  return runScript("privacy", args, env());
}

/** The same, with `input` on stdin (the document number, piped in). */
function privacyWithInput(input: string, ...args: string[]): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...scriptNodeArgs("privacy"), ...args], { cwd: ROOT, env: env() });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(input);
  });
}

const who = (guest: GuestArrival) => [
  "--name",
  `${guest.firstName} ${guest.lastName}`,
  "--dob",
  guest.dateOfBirth.slice(0, 10),
];
const output = (result: CommandResult) => `${result.stdout}\n${result.stderr}`;

beforeAll(async () => {
  sim = await launchSimulator();
  await sim.setClock(pullTime("2026-11-22"));
  guests = (await apiFor(sim).guests()).items.filter((guest) => guest.firstName && guest.lastName);
  const pulled = await runScript("sync", [], env());
  expect(pulled.code).toBe(0);
}, 180_000);
afterAll(async () => {
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run privacy", () => {
  it("finds a guest by name and date of birth, and by a document number read from stdin that it never prints", async () => {
    const guest = guests[0]!;
    const found = await npmRun("privacy", ["find", ...who(guest)], env());
    expect(found.code).toBe(0);
    expect(found.stdout).toMatch(/^Found \d+ stored arrivals? on 1 day at /m);
    expect(found.stdout).toContain(guest.propertyName);

    const byNumber = await privacyWithInput(`${guest.identificationNumber}\n`, "find", "--document-number-stdin");
    expect(byNumber.code).toBe(0);
    expect(byNumber.stdout).toContain("matched on document number");
    expect(output(byNumber)).not.toContain(guest.identificationNumber);

    const nobody = await privacy("find", "--name", "Nobody Atall", "--dob", "1901-01-01");
    expect(nobody.code).toBe(1);
    expect(nobody.stdout).toContain("No stored arrival matches this guest.");
  }, 120_000);

  it("refuses bad input with exit code 2, naming the problem, never the value", async () => {
    const badDate = await privacy("find", "--name", "Ana Lima", "--dob", "1990-02-31");
    expect(badDate.code).toBe(2);
    expect(output(badDate)).toContain("Enter the date of birth as YYYY-MM-DD");
    const noReason = await privacy("erase", ...who(guests[0]!), "--yes");
    expect(noReason.code).toBe(2);
    expect(output(noReason)).toContain("erase needs --reason.");
    const unknown = await privacy("forget", ...who(guests[0]!));
    expect(unknown.code).toBe(2);
  }, 120_000);

  it("refuses to erase without --yes when stdin is not a terminal, and changes nothing", async () => {
    const guest = guests[1]!;
    const refused = await privacy("erase", ...who(guest), "--reason", "guest asked");
    expect(refused.code).toBe(2);
    expect(output(refused)).toContain("add --yes to act");
    expect((await privacy("find", ...who(guest))).code).toBe(0);
  }, 120_000);

  it("exports a guest to a new file only its owner reads, and never overwrites one", async () => {
    const guest = guests[2]!;
    const out = path.join(dataDir, "guest.zip");
    const exported = await privacy("export", ...who(guest), "--out", out);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(/Wrote .*guest\.zip \(privacy request #\d+, done\)/);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const files = unzipSync(new Uint8Array(readFileSync(out)));
    const person = JSON.parse(strFromU8(files["person.json"]!)) as { arrivals: { item: { lastName: string } }[] };
    expect(person.arrivals.length).toBeGreaterThan(0);
    expect(person.arrivals.every((arrival) => arrival.item.lastName === guest.lastName)).toBe(true);

    const again = await privacy("export", ...who(guest), "--out", out);
    expect(again.code).toBe(1);
    expect(output(again)).toContain("already exists");
  }, 120_000);

  it("refuses to erase a guest under a legal hold, saying its reason, and records the request refused", async () => {
    const guest = guests[4]!;
    // The policies are an admin's (Admin → Privacy); here written straight into the stopped database.
    const opened = await openDatabase({ dataDir });
    try {
      const [policy] = await opened.db
        .insert(privacyPolicies)
        .values({
          name: "Spain",
          kept: { dateOfBirth: true, address: true, email: true, phone: true, document: true, offenseDetails: true },
          legalHold: "Spanish guest register: kept three years",
        })
        .returning();
      await opened.db.insert(privacyAssignments).values({ propertyName: guest.propertyName, policyId: policy!.id });
    } finally {
      await opened.close();
    }
    const refused = await privacy("erase", ...who(guest), "--reason", "guest asked", "--yes");
    expect(refused.code).toBe(1);
    expect(output(refused)).toContain("legal hold (Spain: Spanish guest register: kept three years)");
    expect((await privacy("find", ...who(guest))).code).toBe(0);

    const reopened = await openDatabase({ dataDir });
    try {
      const [request] = await reopened.db.select().from(privacyRequests).orderBy(desc(privacyRequests.id)).limit(1);
      expect(request).toMatchObject({ kind: "erasure", state: "refused" });
      await reopened.db.delete(privacyAssignments);
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it("restricts, then erases a guest with --yes, audited as the command line", async () => {
    const guest = guests[3]!;
    const restricted = await privacy("restrict", ...who(guest), "--reason", "guest asked", "--yes");
    expect(restricted.code).toBe(0);
    expect(restricted.stdout).toMatch(/^Restricted \(privacy request #\d+\): Restricted \d+ arrivals? on 1 day/m);
    expect((await privacy("find", ...who(guest))).stdout).toContain("(restricted)");

    const erased = await privacyWithInput(
      guest.identificationNumber,
      "erase",
      "--document-number-stdin",
      "--reason",
      "guest asked",
      "--yes",
    );
    expect(erased.code).toBe(0);
    expect(erased.stdout).toMatch(/^Erased \(privacy request #\d+\): Erased \d+ arrivals? on 1 day/m);
    expect(output(erased)).not.toContain(guest.identificationNumber);
    const gone = await privacy("find", ...who(guest));
    expect(gone.code).toBe(1);
  }, 120_000);
});
