/**
 * Each message once, whatever happens between recording it and the mail server taking it: a
 * process that stops after recording, or while the server has the message and has not answered.
 * What the dry run says, and a bad SMTP_URL. Every step is a process of its own on a copy of one
 * pulled day (PGlite).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { LOCALE_PREFERENCE } from "@/lib/core/locale";
import { writePreference } from "@/lib/features/preferences/repository";
import { users } from "@/lib/server/db/schema";
import {
  ACCOUNTS,
  clockAt,
  deliveries,
  digest,
  expectedMail,
  MAIL_DAY,
  mailChild,
  mailEnv,
  pulledTemplate,
  receivedBy,
  startDigest,
  withDatabase,
} from "@/tests/support/mail";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";
import { startSmtpServer, type TestSmtpServer } from "@/tests/support/smtp";

let sim: LaunchedSimulator;
let template: Awaited<ReturnType<typeof pulledTemplate>>;
const servers: TestSmtpServer[] = [];

beforeAll(async () => {
  sim = await launchSimulator();
  template = await pulledTemplate(sim);
}, 60_000);
afterAll(async () => {
  await Promise.all([sim?.close(), ...servers.map((server) => server.close())]);
  template?.remove();
});

async function smtpServer(options?: Parameters<typeof startSmtpServer>[0]): Promise<TestSmtpServer> {
  const server = await startSmtpServer(options);
  servers.push(server);
  return server;
}

describe("each message once", () => {
  it("sends what a process recorded before it stopped, once, from the next process", async () => {
    await clockAt(sim, 0);
    const smtp = await smtpServer();
    const dataDir = template.copy();
    // With a login, which the server accepts; the password shows nowhere.
    const password = "s3cret-mail-password";
    const smtpUrl = smtp.url.replace("smtp://", `smtp://daybook:${password}@`);
    const env = mailEnv({ sim, database: { dataDir }, smtpUrl });

    const recorded = await mailChild(env, "record");
    expect(recorded.stderr).toBe("");
    expect(JSON.parse(recorded.stdout.trim())).toEqual({ recorded: 5 });
    expect(smtp.messages).toEqual([]);
    expect((await deliveries({ dataDir })).map((row) => row.status)).toEqual(Array(5).fill("pending"));

    const sent = await digest(env, "--send");
    expect(sent.stdout).toBe(`Mail via ${smtp.url}: 0 recorded, 5 sent, 0 to retry, 0 failed.\n`);
    expect(sent.code).toBe(0);
    expect(receivedBy(smtp.messages)).toEqual(expectedMail());
    expect(smtp.logins).toContain("daybook");
    const rows = await deliveries({ dataDir });
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(Array(5).fill(["sent", 1]));
    for (const output of [recorded.stdout, sent.stdout, sent.stderr]) expect(output).not.toContain(password);
  }, 30_000);

  it("never sends again a message whose sending was cut short, and says so on its row", async () => {
    await clockAt(sim, 0);
    const smtp = await smtpServer({ stallFirst: true });
    const dataDir = template.copy();
    const env = mailEnv({ sim, database: { dataDir }, smtpUrl: smtp.url });

    // The server has the message but has not answered when the process is stopped.
    const cut = startDigest(env, "--send");
    const stalledTo = await smtp.stalled;
    cut.process.kill("SIGTERM");
    const stopped = await cut.result;
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain("Stopped: what was recorded and not sent goes out on the next run.");
    const stalledRow = (await deliveries({ dataDir })).find((row) => row.status === "sending")!;
    expect(stalledRow).toMatchObject({ recipient: stalledTo[0], attempts: 1 });

    // The next run, once the message's lease has run out, sends the rest and marks it failed, not
    // resent: the server may have taken it.
    await clockAt(sim, 10);
    const later = await digest(env, "--send");
    expect(later.stderr).toContain("mail: 1 message(s) whose sending was cut short are marked failed, not resent");
    expect(later.stdout).toMatch(/: 0 recorded, 4 sent, 0 to retry, 0 failed\.$/m);
    const expected = expectedMail();
    expected[stalledRow.recipient] = expected[stalledRow.recipient]!.filter((kind) => kind !== stalledRow.kind);
    if (expected[stalledRow.recipient]!.length === 0) delete expected[stalledRow.recipient];
    expect(receivedBy(smtp.messages)).toEqual(expected);
    const row = (await deliveries({ dataDir })).find((entry) => entry.id === stalledRow.id)!;
    expect(row).toMatchObject({ status: "failed", attempts: 1, leaseUntil: null });
    expect(row.lastReply).toMatch(/^Daybook stopped while handing this message to the mail server/);
    await clockAt(sim, 0);
  }, 45_000);
});

describe("npm run digest -- --dry-run", () => {
  it("says who would get what, and records and sends nothing", async () => {
    await clockAt(sim, 0);
    const smtp = await smtpServer();
    const dataDir = template.copy();
    const dry = await digest(mailEnv({ sim, database: { dataDir }, smtpUrl: smtp.url }), "--dry-run");
    expect(dry.stderr).toBe("");
    expect(dry.code).toBe(0);
    const announced = [...dry.stdout.matchAll(/^=== (digest|alert) to (\S+) \((\S+)\): (.*)$/gm)].map(
      ([, kind, to, day]) => `${kind} ${to} ${day}`,
    );
    expect(announced.sort()).toEqual(
      Object.entries(expectedMail())
        .flatMap(([to, kinds]) => kinds.map((kind) => `${kind} ${to} ${MAIL_DAY}`))
        .sort(),
    );
    // The messages' own words follow each line.
    expect(dry.stdout).toContain("Good morning supervisor,");
    expect(dry.stdout).not.toContain("disabled@example.com");
    expect(dry.stdout).not.toContain("quiet@example.com");
    expect(await deliveries({ dataDir })).toEqual([]);
    expect(smtp.messages).toEqual([]);
  }, 30_000);
});

describe("a bad SMTP_URL", () => {
  it("stops the command with a message naming the variable, never echoing the password", async () => {
    const password = "Tr0ub4dor-and-3";
    const smtpUrl = `http://mailer:${password}@mail.example.com:587`;
    const result = await digest(mailEnv({ sim, database: { dataDir: template.copy() }, smtpUrl }), "--send");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "SMTP_URL must start with smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start)",
    );
    expect(result.stdout + result.stderr).not.toContain(password);
  }, 30_000);
});

describe("each person's language", () => {
  it("writes each message in its recipient's stored language and formats, and the others in Daybook's default", async () => {
    await clockAt(sim, 0);
    const smtp = await smtpServer();
    const dataDir = template.copy();
    // The property manager chose French (Canada) on a 24-hour clock; nobody else ever chose.
    await withDatabase({ dataDir }, async (db) => {
      const [viewer] = await db.select().from(users).where(eq(users.email, ACCOUNTS.viewer.email));
      await writePreference(db, viewer!.id, LOCALE_PREFERENCE, {
        language: "fr",
        region: "fr-CA",
        hourCycle: "h23",
        weekStart: 7,
      });
    });
    const dry = await digest(mailEnv({ sim, database: { dataDir }, smtpUrl: smtp.url }), "--dry-run");
    expect(dry.code).toBe(0);
    const messageTo = (to: string) => {
      const start = dry.stdout.indexOf(`=== digest to ${to} `);
      expect(start, `a digest to ${to}`).toBeGreaterThanOrEqual(0);
      const end = dry.stdout.indexOf("\n=== ", start + 1);
      return dry.stdout.slice(start, end === -1 ? undefined : end);
    };
    const french = messageTo(ACCOUNTS.viewer.email);
    expect(french).toMatch(/: Daybook : dimanche 22 novembre 2026 à O'Brien's Lodge\n/);
    expect(french).toContain(
      "\nBonjour viewer,\n\nVoici la journée du dimanche 22 novembre 2026 dans vos établissements.\n",
    );
    expect(french).toContain("\nPAR ÉTABLISSEMENT\n");
    expect(french).toContain("\nArrêtez ce courriel en un clic : ");
    expect(french).not.toMatch(/Good morning|Here is|BY PROPERTY|Stop this e-mail/);
    // The supervisor never chose: Daybook's default, US English.
    const english = messageTo(ACCOUNTS.supervisor.email);
    expect(english).toContain("\nGood morning supervisor,\n\nHere is Sunday, November 22, 2026 at your properties.\n");
    expect(smtp.messages).toEqual([]);
  }, 30_000);
});
