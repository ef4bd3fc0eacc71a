/**
 * The demo's mail catcher: a real SMTP server (smtp-server) inside the demo process, on a loopback
 * port of its own. Everything Daybook sends in the demo arrives here, is parsed (mailparser) and
 * handed to `keep`, which stores it for Admin → Mail. Nothing leaves the machine.
 */
import "server-only";

import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

import { logFailure } from "@/lib/server/log";
import { onShutdown } from "@/lib/server/shutdown";

import { catcherAddress, resetMailTransport } from "./transport";

export interface CaughtMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

/** Parsed message fields the catcher keeps; a header's value as one line. */
export async function parseMessage(source: NodeJS.ReadableStream | Buffer | string): Promise<CaughtMessage> {
  const parsed = await simpleParser(source as Buffer);
  const headers: Record<string, string> = {};
  for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.key.length + 1).trim();
  const addresses = (value: typeof parsed.to) =>
    (Array.isArray(value) ? value : value ? [value] : []).map((entry) => entry.text).join(", ");
  return {
    from: parsed.from?.text ?? "",
    to: addresses(parsed.to),
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : null,
    headers,
  };
}

/** Starts the catcher on 127.0.0.1 (a free port unless one is given); Daybook's mail then goes there. */
export async function startMailCatcher(
  keep: (message: CaughtMessage) => Promise<void>,
  port = 0,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    size: MAX_MESSAGE_BYTES,
    banner: "Daybook demo mail catcher",
    logger: false,
    onData(stream, _session, done) {
      parseMessage(stream)
        .then(keep)
        .then(
          () => done(),
          (error: unknown) => {
            logFailure("mail catcher: keeping a message", error);
            done(Object.assign(new Error("Could not keep the message"), { responseCode: 451 }));
          },
        );
    },
  });
  server.on("error", (error) => logFailure("mail catcher", error));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address();
  const listening = typeof address === "object" && address ? address.port : port;
  catcherAddress.set({ host: "127.0.0.1", port: listening });
  resetMailTransport();
  const close = () =>
    new Promise<void>((resolve) => {
      catcherAddress.clear();
      server.close(() => resolve());
    });
  onShutdown("mail catcher", close);
  return { port: listening, close };
}
