/**
 * `npm run doctor` as an operator runs it, a process of its own: green against the simulator with a
 * migrated database and a mail server, red naming the cause with a wrong key, a key without every
 * endpoint, an unreachable database, a database not migrated, and an invalid configuration. It
 * never prints the key, nor the passwords in DATABASE_URL and SMTP_URL.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase } from "@/lib/server/db/open";
import { buildKeyring } from "@/lib/server/encryption";
import { storeApiKey } from "@/lib/server/partner-api/key";
import { commandEnv, npmRun, runScript } from "@/tests/support/commands";
import { migratedDataDir } from "@/tests/support/data-directory";
import { createPostgresDatabase } from "@/tests/support/databases";
import { migrationCount } from "@/tests/support/migration-count";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";
import { startSmtpServer, type TestSmtpServer } from "@/tests/support/smtp";

const DEMO_KEY = "da7ab00cda7ab00cda7ab00cda7ab00c";
/** A well-formed key the simulator does not know. */
const UNKNOWN_KEY = "0123456789abcdef0123456789abcdef";
/** The simulator's key enabled for the usage endpoint only. */
const USAGE_ONLY_KEY = "feedface000000000000000000000001";
const SMTP_PASSWORD = "smtp-pass-not-to-print";

// A migrated embedded database, as a Daybook that started once leaves it.
const dataDir = migratedDataDir("daybook-doctor-");
let sim: LaunchedSimulator;
let smtp: TestSmtpServer;

beforeAll(async () => {
  [sim, smtp] = await Promise.all([launchSimulator(), startSmtpServer()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([sim?.close(), smtp?.close()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Demo mode on the test simulator and the embedded database, with `settings` on top. */
function env(settings: Record<string, string> = {}, dir = dataDir) {
  return commandEnv({
    PARTNER_API_BASE_URL: "",
    DATABASE_URL: "",
    DAYBOOK_DATA_DIR: dir,
    DAYBOOK_SIMULATOR_PORT: new URL(sim.url).port,
    ...settings,
  });
}

/**
 * The command as npm runs it, without npm in front (it starts sooner); the first test runs it through
 * `npm run doctor`, to check the wiring.
 */
function doctor(settings: Record<string, string> = {}, dir = dataDir) {
  return runScript("doctor", [], env(settings, dir));
}

/** A port on loopback where nothing listens. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function lines(output: string): string[] {
  return output.split("\n").filter((line) => line !== "");
}

describe("npm run doctor", () => {
  it("is green against the simulator with a migrated database and a mail server, and exits 0", async () => {
    const smtpUrl = new URL(smtp.url);
    smtpUrl.username = "daybook";
    smtpUrl.password = SMTP_PASSWORD;
    const result = await npmRun("doctor", [], env({ SMTP_URL: smtpUrl.toString() }));
    expect(result.stderr).toBe("");
    const report = lines(result.stdout);
    expect(report[0]).toMatch(/^✓ Configuration: valid \(demo, on the built-in simulator at 127\.0\.0\.1:\d+\)$/);
    expect(report[1]).toMatch(/^✓ Database: embedded, in .* answers: PostgreSQL \d+\.\d+ \(PGlite [\d.]+\)$/);
    expect(report[2]).toBe(`✓ Migrations: all ${migrationCount()} applied`);
    expect(report[3]).toMatch(
      /^✓ Partner API: 127\.0\.0\.1:\d+ answers the demo key on usage summary, guest arrivals, criminal arrivals; it reaches \d+ properties: Grand Hotel Zürich, Harbour View Hotel/,
    );
    expect(report[4]).toMatch(
      /^✓ Clock: this machine's clock is \d+\.\d s (ahead of|behind) the Partner API's Date header/,
    );
    expect(report[5]).toBe(`✓ Mail: smtp://127.0.0.1:${smtp.port} accepts a connection and Daybook's sign-in`);
    expect(report).toHaveLength(6);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain(DEMO_KEY);
    expect(result.stdout).not.toContain(SMTP_PASSWORD);
    // The check signed in as sending would.
    expect(smtp.logins).toContain("daybook");
  }, 60_000);

  it("is red with a key the API does not know, naming the refusal on each endpoint, and never prints the key", async () => {
    const result = await doctor({ PARTNER_API_KEY: UNKNOWN_KEY });
    expect(result.code).toBe(1);
    const report = lines(result.stdout);
    expect(report).toContain("✓ Migrations: all " + migrationCount() + " applied");
    expect(report).toContainEqual(
      expect.stringMatching(/^✗ Partner API: 127\.0\.0\.1:\d+ refused every endpoint with the demo key$/),
    );
    expect(report).toContainEqual(
      expect.stringMatching(
        /^ {4}usage summary: 401 invalid_api_key: the API does not know this key \(correlation id [0-9a-f-]{36}\)$/,
      ),
    );
    expect(report).toContainEqual(expect.stringMatching(/^ {4}guest arrivals: 401 invalid_api_key/));
    // The API answered, so the clocks are still compared.
    expect(report).toContainEqual(expect.stringMatching(/^✓ Clock: /));
    expect(result.stdout + result.stderr).not.toContain(UNKNOWN_KEY);
    expect(result.stdout + result.stderr).not.toContain(UNKNOWN_KEY.slice(-4));
  }, 60_000);

  it("is red with a key not enabled for every endpoint, saying which ones it reaches", async () => {
    const result = await doctor({ PARTNER_API_KEY: USAGE_ONLY_KEY });
    expect(result.code).toBe(1);
    const report = lines(result.stdout);
    expect(report).toContainEqual(
      expect.stringMatching(/^✗ Partner API: .* refused 2 of 3 endpoints with the demo key$/),
    );
    expect(report).toContain("    usage summary: answers");
    expect(report).toContainEqual(
      expect.stringMatching(/^ {4}guest arrivals: 403 insufficient_scope: the key is not enabled for it/),
    );
    expect(result.stdout + result.stderr).not.toContain(USAGE_ONLY_KEY);
  }, 60_000);

  it("is red naming the database when nothing answers at DATABASE_URL, checks the API all the same, and never prints the password", async () => {
    const url = `postgresql://daybook:db-pass-not-to-print@127.0.0.1:${await closedPort()}/daybook`;
    const result = await doctor({ DATABASE_URL: url });
    expect(result.code).toBe(1);
    const report = lines(result.stdout);
    expect(report[1]).toBe(
      "✗ Database: PostgreSQL (DATABASE_URL) cannot be reached: nothing answers at its address (is PostgreSQL running?)",
    );
    expect(report[2]).toBe("– Migrations: not checked: the database cannot be reached");
    expect(report[3]).toMatch(
      /^✓ Partner API: .* answers the demo key \(a key stored by an admin could not be looked for\)/,
    );
    expect(result.stdout + result.stderr).not.toContain("db-pass-not-to-print");
  }, 60_000);

  it("is red when the database's migrations are not applied, naming how many", async () => {
    const created = await createPostgresDatabase();
    try {
      const result = await doctor({ DATABASE_URL: created.url });
      expect(result.code).toBe(1);
      const report = lines(result.stdout);
      expect(report[1]).toMatch(/^✓ Database: PostgreSQL \(DATABASE_URL\) answers: PostgreSQL \d+\.\d+/);
      const count = migrationCount();
      expect(report[2]).toMatch(
        new RegExp(
          `^✗ Migrations: ${count} of ${count} not applied yet \\(0000_initial, .*\\); Daybook applies them when it starts$`,
        ),
      );
      // The rest is still checked, with the key Daybook would use on its first start.
      expect(report[3]).toMatch(
        /^✓ Partner API: .* answers the demo key \(no key stored by an admin could be read\) on usage summary/,
      );
      expect(result.stderr).toBe("");
    } finally {
      await created.drop();
    }
  }, 60_000);

  it("checks the key an admin stored rather than the configured one, and says when that key cannot be decrypted", async () => {
    const storedDir = migratedDataDir("daybook-doctor-key-");
    const secrets = {
      AUTH_SECRET: randomBytes(32).toString("base64"),
      DAYBOOK_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    };
    try {
      const opened = await openDatabase({ dataDir: storedDir });
      const keyring = buildKeyring({ encryptionKey: secrets.DAYBOOK_ENCRYPTION_KEY, authSecret: secrets.AUTH_SECRET });
      await storeApiKey(opened.db, keyring, UNKNOWN_KEY, null);
      await opened.close();

      const stored = await doctor(secrets, storedDir);
      expect(stored.code).toBe(1);
      expect(lines(stored.stdout)).toContainEqual(
        expect.stringMatching(
          /^✗ Partner API: .* refused every endpoint with the key an admin stored on \d{4}-\d{2}-\d{2}$/,
        ),
      );

      // Another encryption key, as after a restore without the one the backup was made under.
      const otherKey = await doctor(
        { ...secrets, DAYBOOK_ENCRYPTION_KEY: randomBytes(32).toString("base64") },
        storedDir,
      );
      expect(otherKey.code).toBe(1);
      const report = lines(otherKey.stdout);
      expect(report).toContainEqual(
        expect.stringMatching(
          /^✗ Stored API key: the key an admin stored cannot be decrypted with this DAYBOOK_ENCRYPTION_KEY/,
        ),
      );
      expect(report).toContainEqual(expect.stringMatching(/^✓ Partner API: .* answers the demo key on /));
      for (const output of [stored, otherKey]) {
        expect(output.stdout + output.stderr).not.toContain(UNKNOWN_KEY);
        expect(output.stdout + output.stderr).not.toContain(secrets.DAYBOOK_ENCRYPTION_KEY);
      }
    } finally {
      fs.rmSync(storedDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("lists the configuration's problems and checks nothing else", async () => {
    const result = await doctor({ PARTNER_API_KEY: "not-a-key", DAYBOOK_SYNC: "sometimes" });
    expect(result.code).toBe(1);
    expect(lines(result.stdout)).toEqual([
      "✗ Configuration: 2 problems; nothing else was checked",
      "    PARTNER_API_KEY must be 32 hexadecimal characters",
      "    DAYBOOK_SYNC must be on or off",
    ]);
  }, 60_000);
});
