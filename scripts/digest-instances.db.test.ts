/**
 * Two `npm run digest -- --send` processes at once on one PostgreSQL database, as two instances'
 * cron jobs would run: each message is recorded once (its unique key) and handed to the mail
 * server by one of them only (the claim skips a row the other holds).
 */
import { afterAll, beforeAll, expect, it } from "vitest";

import { createPostgresDatabase } from "@/tests/support/databases";
import { deliveries, digest, expectedMail, mailEnv, prepareMailDay, receivedBy } from "@/tests/support/mail";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";
import { startSmtpServer, type TestSmtpServer } from "@/tests/support/smtp";
import { startWebhookReceiver, type TestWebhook } from "@/tests/support/webhook";

let sim: LaunchedSimulator;
let database: { url: string; drop(): Promise<void> };
let smtp: TestSmtpServer;
let webhook: TestWebhook;

beforeAll(async () => {
  // Each message is held a moment at the server, so that both processes are still sending when the other claims.
  [sim, database, smtp, webhook] = await Promise.all([
    launchSimulator(),
    createPostgresDatabase(),
    startSmtpServer({ holdMs: 150 }),
    startWebhookReceiver(),
  ]);
  await prepareMailDay(sim, { databaseUrl: database.url });
}, 60_000);
afterAll(async () => {
  await Promise.all([sim?.close(), smtp?.close(), webhook?.close()]);
  await database?.drop();
});

it("sends each message once when two processes send at the same time", async () => {
  const env = mailEnv({ sim, database: { databaseUrl: database.url }, smtpUrl: smtp.url, webhookUrl: webhook.url });
  const runs = await Promise.all([digest(env, "--send"), digest(env, "--send")]);
  expect(runs.map((run) => [run.code, run.stderr])).toEqual([
    [0, ""],
    [0, ""],
  ]);
  const totals = runs.map((run) => {
    const [, recorded, sent] = /: (\d+) recorded, (\d+) sent, 0 to retry, 0 failed\.$/m.exec(run.stdout) ?? [];
    return { recorded: Number(recorded), sent: Number(sent) };
  });
  // Between them, every message recorded once and sent once (the digests, the alerts and the webhook).
  expect(totals[0]!.recorded + totals[1]!.recorded).toBe(6);
  expect(totals[0]!.sent + totals[1]!.sent).toBe(6);

  expect(receivedBy(smtp.messages)).toEqual(expectedMail());
  expect(new Set(smtp.messages.map((message) => message.headers["message-id"])).size).toBe(5);
  expect(webhook.posts).toHaveLength(1);
  const rows = await deliveries({ databaseUrl: database.url });
  expect(rows.map((row) => [row.status, row.attempts])).toEqual(Array(6).fill(["sent", 1]));
}, 40_000);
