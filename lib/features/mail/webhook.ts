/**
 * The install's alert webhook (DAYBOOK_ALERT_WEBHOOK_URL: a Slack or Teams channel): once a day, the
 * group's criminal arrivals not acknowledged at the desk, as counts and links, never a guest. A
 * channel has no one reader, so it speaks Daybook's default language; the machine-readable body
 * beside the text gives the day and the counts as they are.
 */
import { randomUUID } from "node:crypto";

import type { CriminalAlert } from "./content";
import type { NewDelivery } from "./repository";
import { voiceOf } from "./voice";

/** A delivery recorded before it is sent, with the id it is sent under. */
export interface PlannedDelivery extends NewDelivery {
  id: string;
}

/** What makes the day's post once, however many runs plan it. */
export const webhookKey = (day: string) => `webhook:criminal:${day}`;

export function webhookDelivery(alert: CriminalAlert, webhookUrl: string): PlannedDelivery {
  const { t, format } = voiceOf(null);
  const total = alert.properties.reduce((sum, property) => sum + property.notAcknowledged, 0);
  const text = [
    t("webhook.text", { count: total, day: alert.day }),
    ...alert.properties.map((property) =>
      t("webhook.line", {
        name: property.name,
        open: format.number(property.notAcknowledged),
        total: format.number(property.total),
        link: property.link,
      }),
    ),
  ].join("\n");
  return {
    id: randomUUID(),
    kind: "webhook",
    dedupeKey: webhookKey(alert.day),
    userId: null,
    day: alert.day,
    recipient: new URL(webhookUrl).host,
    subject: t("webhook.subject", { day: alert.day }),
    message: {
      text,
      json: {
        text,
        daybook: {
          kind: "criminal-arrivals-not-acknowledged",
          day: alert.day,
          properties: alert.properties.map(({ name, notAcknowledged, total: all, link }) => ({
            name,
            notAcknowledged,
            criminalArrivals: all,
            link,
          })),
        },
      },
    },
  };
}
