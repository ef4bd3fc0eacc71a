/**
 * The install's alert webhook (DAYBOOK_ALERT_WEBHOOK_URL): one JSON POST. `text` is what Slack and
 * Microsoft Teams incoming webhooks show; the same counts follow as data for anything else.
 */
import "server-only";

import { MailSendError } from "./transport";

export async function postWebhook(url: string, body: unknown, timeoutMs = 15_000): Promise<{ reply: string }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      redirect: "error",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : "Error";
    throw new MailSendError(`The webhook could not be reached (${name}).`, true, null);
  }
  const text = (await response.text().catch(() => "")).slice(0, 200);
  const reply = `${response.status}${text ? ` ${text}` : ""}`;
  if (!response.ok) {
    throw new MailSendError(reply, response.status === 429 || response.status >= 500, response.status);
  }
  return { reply };
}
