/**
 * The morning mail as an operator runs it: a stored day pulled from the test simulator, the
 * accounts the mail is for, and `scripts/digest.ts` (or the record-only child) as processes of their
 * own, configured by the environment in demo mode on that simulator, sending to a test SMTP server.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { readStoredReport } from "@/lib/features/history/store";
import { MAIL_PREFERENCE, type MailSettings } from "@/lib/features/mail/settings";
import { writePreference } from "@/lib/features/preferences/repository";
import type { CriminalArrivalsReport, GuestsReport } from "@/lib/features/reports/types";
import { runSync } from "@/lib/features/sync/run";
import { IN_MEMORY, openDatabase, type Database, type OpenedDatabase } from "@/lib/server/db/open";
import { mailDeliveries, type MailDelivery } from "@/lib/server/db/schema";
import type { UsageReport } from "@/lib/server/partner-api/schemas";
import { addUser } from "@/tests/support/access-fixtures";
import { commandEnv, ROOT, runToEnd, type CommandResult } from "@/tests/support/commands";
import { migratedDataDir } from "@/tests/support/data-directory";
import { TEST_NODE_FLAGS } from "@/tests/support/node-flags";
import { apiFor, pullTime } from "@/tests/support/partner-api";
import type { LaunchedSimulator } from "@/tests/support/simulator";
import type { CaughtMessage } from "@/tests/support/smtp";

/** The day every test of the mail speaks of, and the simulator's time when it is pulled and mailed. */
export const MAIL_DAY = "2026-11-22";
export const MAIL_NOW = pullTime("2026-11-23");
export const PUBLIC_URL = "http://127.0.0.1:3999";

/** Where a Daybook's database is: a PGlite data directory, or a PostgreSQL database. */
export type MailDatabase = { dataDir: string } | { databaseUrl: string };

export function openMailDatabase(target: MailDatabase): Promise<OpenedDatabase> {
  return "dataDir" in target
    ? openDatabase({ dataDir: target.dataDir })
    : openDatabase({ databaseUrl: target.databaseUrl, dataDir: IN_MEMORY });
}

export async function withDatabase<T>(target: MailDatabase, work: (db: Database) => Promise<T>): Promise<T> {
  const opened = await openMailDatabase(target);
  try {
    return await work(opened.db);
  } finally {
    await opened.close();
  }
}

const ON: MailSettings = { digest: true, alerts: { criminalUnacknowledged: true }, hour: 7, zone: null };

/**
 * Who the mail is for. A supervisor gets the digest and the alert unless they choose otherwise;
 * anyone else only once opted in through the "mail" preference.
 */
export const ACCOUNTS = {
  /** Two properties, in two zones; the supervisor's defaults (digest and alert). */
  supervisor: {
    email: "supervisor@example.com",
    role: "supervisor",
    allProperties: false,
    properties: ["Riverside & Co. Hotel", "Harbour View Hotel"],
  },
  /** Every property; opted in to both. */
  everything: { email: "everything@example.com", role: "admin", allProperties: true, properties: [], settings: ON },
  /** One property that does not record local warnings; opted in to the digest only. */
  viewer: {
    email: "viewer@example.com",
    role: "viewer",
    allProperties: false,
    properties: ["O'Brien's Lodge"],
    settings: { ...ON, alerts: { criminalUnacknowledged: false } },
  },
  /** A supervisor of every property whose account is disabled: gets nothing. */
  disabled: { email: "disabled@example.com", role: "supervisor", allProperties: true, properties: [], disabled: true },
  /** An admin who never opted in: gets nothing. */
  quiet: { email: "quiet@example.com", role: "admin", allProperties: true, properties: [] },
} as const satisfies Record<
  string,
  {
    email: string;
    role: "viewer" | "supervisor" | "regional" | "admin";
    allProperties: boolean;
    properties: readonly string[];
    settings?: MailSettings;
    disabled?: true;
  }
>;

/** What each account gets for one day: a digest, and an alert when criminal arrivals went unacknowledged. */
export const EXPECTED_MAIL: Record<string, ("digest" | "alert")[]> = {
  [ACCOUNTS.supervisor.email]: ["digest", "alert"],
  [ACCOUNTS.everything.email]: ["digest", "alert"],
  [ACCOUNTS.viewer.email]: ["digest"],
};

export async function addMailAccounts(db: Database): Promise<void> {
  for (const account of Object.values(ACCOUNTS)) {
    const user = await addUser(db, account.email, {
      name: account.email.split("@")[0]!,
      role: account.role,
      allProperties: account.allProperties,
      properties: [...account.properties],
      disabledAt: "disabled" in account ? new Date(MAIL_NOW) : null,
    });
    if ("settings" in account) await writePreference(db, user.id, MAIL_PREFERENCE, account.settings);
  }
}

/**
 * Pulls MAIL_DAY from the simulator into the database (Daybook's own pull, with its clock at
 * MAIL_NOW, when every demo property's yesterday is that day) and adds the accounts.
 */
export async function prepareMailDay(sim: LaunchedSimulator, target: MailDatabase): Promise<void> {
  await sim.setClock(MAIL_NOW);
  await withDatabase(target, async (db) => {
    const result = await runSync(db, apiFor(sim), { now: new Date(MAIL_NOW), trigger: "command" });
    if (result.status !== "finished" || result.run.outcome !== "stored" || result.run.reportedDate !== MAIL_DAY) {
      throw new Error(`the pull of ${MAIL_DAY} did not store it: ${JSON.stringify(result)}`);
    }
    await addMailAccounts(db);
  });
}

/** A PGlite data directory pulled once: each test takes a copy of its own (a pull costs seconds). */
export async function pulledTemplate(sim: LaunchedSimulator): Promise<{ copy(): string; remove(): void }> {
  const template = migratedDataDir("daybook-mail-template-");
  await prepareMailDay(sim, { dataDir: template });
  const copies: string[] = [];
  return {
    copy: () => {
      const copy = fs.mkdtempSync(path.join(os.tmpdir(), "daybook-mail-"));
      fs.cpSync(template, copy, { recursive: true });
      copies.push(copy);
      return copy;
    },
    remove: () => {
      for (const dir of [template, ...copies]) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface StoredMailDay {
  usage: UsageReport;
  guests: GuestsReport;
  criminal: CriminalArrivalsReport;
}

/** MAIL_DAY's three reports as Daybook stored them. */
export async function readStoredDay(target: MailDatabase): Promise<StoredMailDay> {
  return withDatabase(target, async (db) => {
    const [usage, guests, criminal] = await Promise.all([
      readStoredReport(db, "usage", MAIL_DAY),
      readStoredReport(db, "guests", MAIL_DAY),
      readStoredReport(db, "criminal-arrivals", MAIL_DAY),
    ]);
    if (!usage || !guests || !criminal) throw new Error(`${MAIL_DAY} is not stored`);
    return { usage: usage.report, guests: guests.report, criminal: criminal.report };
  });
}

export async function deliveries(target: MailDatabase): Promise<MailDelivery[]> {
  return withDatabase(target, (db) => db.select().from(mailDeliveries));
}

export interface MailEnvironment {
  sim: LaunchedSimulator;
  database: MailDatabase;
  smtpUrl?: string;
  webhookUrl?: string;
}

/** Daybook's configuration for a command: demo mode on the test simulator, nothing inherited that could change it. */
export function mailEnv({ sim, database, smtpUrl, webhookUrl }: MailEnvironment): NodeJS.ProcessEnv {
  return commandEnv({
    PARTNER_API_BASE_URL: "",
    PARTNER_API_KEY: "",
    DATABASE_URL: "databaseUrl" in database ? database.databaseUrl : "",
    DAYBOOK_DATA_DIR: "dataDir" in database ? database.dataDir : "",
    DAYBOOK_SIMULATOR_PORT: new URL(sim.url).port,
    DAYBOOK_SYNC: "off",
    DAYBOOK_DEMO_HISTORY_DAYS: "0",
    SMTP_URL: smtpUrl ?? "",
    DAYBOOK_PUBLIC_URL: PUBLIC_URL,
    DAYBOOK_MAIL_FROM: "Daybook <daybook@example.com>",
    DAYBOOK_ALERT_WEBHOOK_URL: webhookUrl ?? "",
  });
}

function node(args: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return runToEnd(process.execPath, [...TEST_NODE_FLAGS, "--conditions=react-server", "--import", "tsx", ...args], env);
}

/** `npm run digest -- <args>`, as cron runs it: `tsx --conditions=react-server scripts/digest.ts`. */
export type { CommandResult };

export function digest(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CommandResult> {
  return node(["scripts/digest.ts", ...args], env);
}

/** `digest` started, for a test that stops it midway: the process, and what it printed once it exits. */
export function startDigest(
  env: NodeJS.ProcessEnv,
  ...args: string[]
): { process: ChildProcess; result: Promise<CommandResult> } {
  const child = spawn(
    process.execPath,
    [...TEST_NODE_FLAGS, "--conditions=react-server", "--import", "tsx", "scripts/digest.ts", ...args],
    {
      cwd: ROOT,
      env,
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const result = once(child, "exit").then(([code]) => ({ code: code as number, stdout, stderr }));
  return { process: child, result };
}

/** tests/support/mail-child.ts: `record` (plan and record, then stop) or `admin` (what Admin → Mail shows). */
export function mailChild(env: NodeJS.ProcessEnv, command: "record" | "admin"): Promise<CommandResult> {
  return node(["tests/support/mail-child.ts", command], env);
}

/** A caught message's kind, by its subject: the alert's says so. */
export function kindOf(message: CaughtMessage): "digest" | "alert" {
  return message.subject.startsWith("Daybook alert:") ? "alert" : "digest";
}

/** What each address received, e.g. { "a@example.com": ["alert", "digest"] }, kinds sorted. */
export function receivedBy(messages: readonly CaughtMessage[]): Record<string, ("digest" | "alert")[]> {
  const received: Record<string, ("digest" | "alert")[]> = {};
  for (const message of messages) for (const to of message.to) (received[to] ??= []).push(kindOf(message));
  for (const kinds of Object.values(received)) kinds.sort();
  return received;
}

/** The expected mail in receivedBy's shape. */
export function expectedMail(): Record<string, ("digest" | "alert")[]> {
  return Object.fromEntries(Object.entries(EXPECTED_MAIL).map(([to, kinds]) => [to, [...kinds].sort()]));
}

export function messageTo(messages: readonly CaughtMessage[], to: string, kind: "digest" | "alert"): CaughtMessage {
  const found = messages.filter((message) => message.to.includes(to) && kindOf(message) === kind);
  if (found.length !== 1) throw new Error(`${found.length} ${kind} messages to ${to}, not one`);
  return found[0]!;
}

/** A property's lines in the digest's text part: from its name to the next property's. */
export function propertySection(text: string, heading: string): Record<string, string> {
  const lines = text.split("\n");
  const start = lines.indexOf(`  ${heading}`);
  if (start === -1) throw new Error(`the digest has no section for ${heading}`);
  const section: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    const match = /^ {4}([^:]+): (.*)$/.exec(line);
    if (!match) break;
    section[match[1]!] = match[2]!;
  }
  return section;
}

/** Moves the simulator's clock, which is a command's "now" in demo mode, to `minutes` after MAIL_NOW. */
export async function clockAt(sim: LaunchedSimulator, minutes: number): Promise<Date> {
  const at = new Date(new Date(MAIL_NOW).getTime() + minutes * 60_000);
  await sim.setClock(at.toISOString());
  return at;
}

export interface AdminMailView {
  on: boolean;
  server: string | null;
  counts: Record<string, number>;
  deliveries: { kind: string; recipient: string; status: string; attempts: number; lastReply: string | null }[];
}

/** What Admin → Mail shows, read by Daybook's own code in a process of its own. */
export async function adminMailView(env: NodeJS.ProcessEnv): Promise<AdminMailView> {
  const shown = await mailChild(env, "admin");
  if (shown.code !== 0 || shown.stderr) throw new Error(`the admin view failed: ${shown.stderr}`);
  return JSON.parse(shown.stdout.trim().split("\n").at(-1)!) as AdminMailView;
}
