/**
 * A real SMTP server for tests (smtp-server on a loopback port of its own), keeping every message
 * it accepts as mailparser reads it, and the raw source as it arrived. It can refuse the first
 * messages with a temporary (451) or a permanent (550) reply, as a mail server that is busy or that
 * will never take a message does, and can hold each message a while so that two senders overlap.
 */
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CaughtMessage {
  /** Recipients as the SMTP envelope named them (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Header lines by lower-cased name, each value as one unfolded line (the last when repeated). */
  headers: Record<string, string>;
  /** The message exactly as it arrived. */
  raw: string;
}

export interface RefusedMessage {
  to: string[];
  reply: string;
}

export interface SmtpServerOptions {
  /** Refuse this many messages, the first to arrive, once their data is in. */
  refuseFirst?: number;
  /** The refusal's reply code: 451 (try again later) unless told; 550 refuses for good. */
  refusalCode?: number;
  /** Hold each accepted message this long before answering, so that concurrent senders interleave. */
  holdMs?: number;
  /**
   * Never answer the first message once its data is in, as a server that stalls mid-delivery: the
   * sender is left waiting for the reply (until the test stops it, or `close()`).
   */
  stallFirst?: boolean;
}

export interface TestSmtpServer {
  port: number;
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Accepted messages, in the order they arrived. */
  messages: CaughtMessage[];
  /** Refused messages, in order. */
  refused: RefusedMessage[];
  /** Logins the server accepted (user names only). */
  logins: string[];
  /** Resolves with the stalled message's recipients once its data is in (with `stallFirst`). */
  stalled: Promise<string[]>;
  close(): Promise<void>;
}

export const REFUSALS: Record<number, string> = {
  451: "4.3.0 Mailbox temporarily unavailable, try again later",
  550: "5.1.1 Mailbox unavailable: no such user here",
};

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const messages: CaughtMessage[] = [];
  const refused: RefusedMessage[] = [];
  let toRefuse = options.refuseFirst ?? 0;
  const refusalCode = options.refusalCode ?? 451;
  const logins: string[] = [];
  let toStall = options.stallFirst ? 1 : 0;
  let onStalled: (to: string[]) => void = () => {};
  const stalled = new Promise<string[]>((resolve) => (onStalled = resolve));
  const unanswered: (() => void)[] = [];

  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS to negotiate, and any login is accepted (and its user name noted).
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => {
      logins.push(auth.username ?? "");
      callback(null, { user: auth.username ?? "" });
    },
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
      readAll(stream)
        .then(async (raw) => {
          if (toStall > 0) {
            toStall -= 1;
            unanswered.push(() => callback(Object.assign(new Error("Shutting down"), { responseCode: 421 })));
            onStalled(to);
            return;
          }
          if (toRefuse > 0) {
            toRefuse -= 1;
            const message = REFUSALS[refusalCode] ?? "Refused";
            refused.push({ to, reply: `${refusalCode} ${message}` });
            return callback(Object.assign(new Error(message), { responseCode: refusalCode }));
          }
          const parsed = await simpleParser(raw);
          const headers: Record<string, string> = {};
          for (const line of parsed.headerLines) {
            headers[line.key.toLowerCase()] = line.line
              .slice(line.key.length + 1)
              .replace(/\r?\n[ \t]+/g, " ")
              .trim();
          }
          messages.push({
            to,
            from: parsed.from?.text ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            headers,
            raw: raw.toString("utf8"),
          });
          if (options.holdMs) await new Promise((resolve) => setTimeout(resolve, options.holdMs));
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Errors after listening (a client hanging up mid-message) belong to that client, not to the test.
  server.on("error", () => {});
  const address = server.server.address();
  if (typeof address !== "object" || !address) throw new Error("the test SMTP server has no address");
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    refused,
    logins,
    stalled,
    close: () => {
      for (const answer of unanswered.splice(0)) answer();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
