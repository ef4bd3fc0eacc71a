/**
 * A mail server that refuses: a temporary refusal (451) is kept on the delivery row with the
 * server's reply and tried again once its backoff has passed on the API's clock, then sent once; a
 * permanent one (550) is marked failed with the reply and never tried again. Admin → Mail shows
 * the rows. Every step is a process of its own on a copy of one pulled day (PGlite).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  adminMailView,
  clockAt,
  deliveries,
  digest,
  expectedMail,
  MAIL_DAY,
  mailEnv,
  pulledTemplate,
  receivedBy,
} from "@/tests/support/mail";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";
import { REFUSALS, startSmtpServer, type TestSmtpServer } from "@/tests/support/smtp";
import { startWebhookReceiver } from "@/tests/support/webhook";

let sim: LaunchedSimulator;
let template: Awaited<ReturnType<typeof pulledTemplate>>;
const servers: TestSmtpServer[] = [];
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  sim = await launchSimulator();
  template = await pulledTemplate(sim);
}, 60_000);
afterAll(async () => {
  await Promise.all([sim?.close(), ...servers.map((server) => server.close()), ...closers.map((close) => close())]);
  template?.remove();
});

async function smtpServer(options: Parameters<typeof startSmtpServer>[0]): Promise<TestSmtpServer> {
  const server = await startSmtpServer(options);
  servers.push(server);
  return server;
}

describe("a mail server that refuses", () => {
  it("keeps a temporary refusal (451) on the row, waits out the backoff, then sends the message once", async () => {
    const start = await clockAt(sim, 0);
    const smtp = await smtpServer({ refuseFirst: 1, refusalCode: 451 });
    // The webhook is busy on its first call too: it is retried the same way.
    const webhook = await startWebhookReceiver({ refuseFirst: 1, status: 503 });
    closers.push(webhook.close);
    const dataDir = template.copy();
    const env = mailEnv({ sim, database: { dataDir }, smtpUrl: smtp.url, webhookUrl: webhook.url });

    const first = await digest(env, "--send");
    expect(first.stdout).toMatch(/: 6 recorded, 4 sent, 2 to retry, 0 failed\.$/m);
    expect(first.stderr).toMatch(/refused \(451, attempt 1\); next attempt at 2026-11-23T11:31:00\.000Z/);
    expect(first.stderr).toMatch(
      /webhook of 2026-11-22 refused \(503, attempt 1\); next attempt at 2026-11-23T11:31:00\.000Z/,
    );
    expect(first.code).toBe(1);
    expect(smtp.refused).toHaveLength(1);
    const refusedTo = smtp.refused[0]!.to;
    const reply = `451 ${REFUSALS[451]}`;

    const waiting = (await deliveries({ dataDir })).filter((row) => row.status !== "sent");
    const retry = { status: "pending", attempts: 1, day: MAIL_DAY, nextAttemptAt: new Date(start.getTime() + 60_000) };
    expect(waiting).toHaveLength(2);
    expect(waiting).toContainEqual(expect.objectContaining({ ...retry, lastReply: reply, recipient: refusedTo[0] }));
    expect(waiting).toContainEqual(expect.objectContaining({ ...retry, kind: "webhook", lastReply: "503 busy" }));
    // Admin → Mail shows the rows with the server's reply.
    const shown = await adminMailView(env);
    expect(shown).toMatchObject({ on: true, server: smtp.url, counts: { sent: 4, pending: 2 } });
    expect(shown.deliveries).toContainEqual(
      expect.objectContaining({ status: "pending", attempts: 1, lastReply: reply, recipient: refusedTo[0] }),
    );
    expect(shown.deliveries).toContainEqual(
      expect.objectContaining({ kind: "webhook", status: "pending", attempts: 1, lastReply: "503 busy" }),
    );

    // Before the backoff has passed, a run sends nothing.
    const early = await digest(env, "--send");
    expect(early.stdout).toMatch(/: 0 recorded, 0 sent, 0 to retry, 0 failed\.$/m);
    expect(smtp.messages).toHaveLength(4);
    expect(webhook.posts).toHaveLength(1);

    await clockAt(sim, 2);
    const retried = await digest(env, "--send");
    expect(retried.stdout).toMatch(/: 0 recorded, 2 sent, 0 to retry, 0 failed\.$/m);
    expect(retried.code).toBe(0);
    expect(receivedBy(smtp.messages)).toEqual(expectedMail());
    expect(webhook.posts.map((post) => post.status)).toEqual([503, 200]);
    expect(webhook.posts[1]!.body).toBe(webhook.posts[0]!.body);
    for (const { id } of waiting) {
      const row = (await deliveries({ dataDir })).find((entry) => entry.id === id)!;
      expect(row).toMatchObject({ status: "sent", attempts: 2 });
      expect(row.lastReply).toMatch(row.kind === "webhook" ? /^200 ok$/ : /^250 /);
    }
  }, 45_000);

  it("marks a permanent refusal (550) failed with the reply, and never tries it again", async () => {
    await clockAt(sim, 0);
    const smtp = await smtpServer({ refuseFirst: 1, refusalCode: 550 });
    const dataDir = template.copy();
    const env = mailEnv({ sim, database: { dataDir }, smtpUrl: smtp.url });

    const first = await digest(env, "--send");
    expect(first.stdout).toMatch(/: 5 recorded, 4 sent, 0 to retry, 1 failed\.$/m);
    expect(first.stderr).toMatch(/refused \(550, attempt 1\); not tried again/);
    expect(first.code).toBe(1);
    const reply = `550 ${REFUSALS[550]}`;
    const failed = (await deliveries({ dataDir })).filter((row) => row.status !== "sent");
    expect(failed).toEqual([
      expect.objectContaining({ status: "failed", attempts: 1, lastReply: reply, recipient: smtp.refused[0]!.to[0] }),
    ]);

    // Hours later, the next run leaves it alone.
    await clockAt(sim, 180);
    const later = await digest(env, "--send");
    expect(later.stdout).toMatch(/: 0 recorded, 0 sent, 0 to retry, 0 failed\.$/m);
    expect(later.code).toBe(0);
    expect(smtp.refused).toHaveLength(1);
    expect(smtp.messages).toHaveLength(4);
    expect((await deliveries({ dataDir })).find((row) => row.status !== "sent")).toMatchObject({
      status: "failed",
      attempts: 1,
      lastReply: reply,
    });
    await clockAt(sim, 0);
  }, 45_000);
});
