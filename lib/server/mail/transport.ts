/**
 * Daybook's one way to a mail server: nodemailer over SMTP. The server is the one SMTP_URL names or,
 * in the demo, the catcher Daybook runs itself (./catcher.ts). What a send gives back is the server's
 * own reply, kept on Admin → Mail; a refusal says whether trying again later could help.
 */
import "server-only";

import nodemailer, { type Transporter } from "nodemailer";

import { getConfig } from "@/lib/server/config";
import { processSlot } from "@/lib/server/process-state";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Stable per recorded message: a copy that somehow arrives twice is recognisably the same. */
  messageId?: string;
  headers?: Record<string, string>;
}

export interface MailAccepted {
  /** The server's reply, e.g. "250 2.0.0 Ok: queued as 4Bx…". */
  reply: string;
}

/** A message the server did not take, with its reply; `temporary` when a later attempt may succeed. */
export class MailSendError extends Error {
  constructor(
    readonly reply: string,
    readonly temporary: boolean,
    readonly responseCode: number | null,
  ) {
    super(reply);
    this.name = "MailSendError";
  }
}

/** The demo catcher's address, once it listens (set by ./catcher.ts). */
export const catcherAddress = processSlot<{ host: string; port: number }>("mail.catcher.address");

const transporters = processSlot<{ key: string; transporter: Transporter }>("mail.transporter");

/** True when Daybook has somewhere to send mail. */
export function mailConfigured(): boolean {
  const { transport } = getConfig().mail;
  return transport !== null && (transport.kind === "smtp" || catcherAddress.get() !== undefined);
}

/** Where mail goes, in words for Admin → Mail and the settings page: never the password. */
export function describeMailServer(): string | null {
  const { transport } = getConfig().mail;
  if (!transport) return null;
  if (transport.kind === "catcher") {
    const address = catcherAddress.get();
    return address ? `the demo's mail catcher (smtp://${address.host}:${address.port})` : null;
  }
  const url = new URL(transport.url);
  return `${url.protocol}//${url.host}`;
}

function transporter(): Transporter {
  const { transport } = getConfig().mail;
  if (!transport) throw new MailSendError("Mail is off: SMTP_URL is not set.", false, null);
  const catcher = catcherAddress.get();
  if (transport.kind === "catcher" && !catcher) {
    throw new MailSendError("The demo's mail catcher is not running.", true, null);
  }
  const key = transport.kind === "smtp" ? transport.url : `catcher:${catcher!.port}`;
  const kept = transporters.get();
  if (kept?.key === key) return kept.transporter;
  const timeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };
  const created =
    transport.kind === "smtp"
      ? nodemailer.createTransport(transport.url, timeouts)
      : nodemailer.createTransport({
          host: catcher!.host,
          port: catcher!.port,
          secure: false,
          ignoreTLS: true,
          ...timeouts,
        });
  transporters.set({ key, transporter: created });
  return created;
}

/**
 * Hands one message to the server. Resolves once the server accepted it for the recipient; throws a
 * MailSendError with the server's reply otherwise. A 4xx reply, a refused or broken connection and
 * a timeout are temporary; a 5xx reply is not.
 */
export async function sendMail(mail: OutgoingMail): Promise<MailAccepted> {
  const { from } = getConfig().mail;
  let info: { accepted: unknown[]; rejected: unknown[]; response: string };
  try {
    info = await transporter().sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      headers: mail.headers,
    });
  } catch (error) {
    throw asSendError(error);
  }
  if (info.accepted.length === 0 || info.rejected.length > 0) {
    throw new MailSendError(info.response || "The mail server did not accept the recipient.", false, null);
  }
  return { reply: info.response };
}

function asSendError(error: unknown): MailSendError {
  if (error instanceof MailSendError) return error;
  const failure = error as { responseCode?: unknown; response?: unknown; code?: unknown; message?: unknown };
  const responseCode = typeof failure.responseCode === "number" ? failure.responseCode : null;
  const reply =
    typeof failure.response === "string" && failure.response
      ? failure.response
      : `${typeof failure.code === "string" ? failure.code : "Error"}: ${typeof failure.message === "string" ? failure.message : "the mail server could not be reached"}`;
  // No code: the connection failed or timed out before the server said anything; worth another try.
  const temporary = responseCode === null || (responseCode >= 400 && responseCode < 500);
  return new MailSendError(reply.slice(0, 500), temporary, responseCode);
}

/**
 * Connects to the mail server and signs in as sending would, sending nothing (`npm run doctor`).
 * Throws a MailSendError with the server's reply when it cannot.
 */
export async function verifyMailServer(): Promise<void> {
  try {
    await transporter().verify();
  } catch (error) {
    throw asSendError(error);
  }
}

/** Forgets the connection settings (the catcher moved, a test changed the configuration). */
export function resetMailTransport(): void {
  transporters.get()?.transporter.close();
  transporters.clear();
}
