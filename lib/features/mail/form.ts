import { z } from "zod";

import { textInput } from "@/lib/core/text-input";

import { ALERT_KINDS, mailSettingsSchema, type AlertKind, type MailSettings } from "./settings";

const alertKinds = Object.keys(ALERT_KINDS) as [AlertKind, ...AlertKind[]];

/**
 * The settings form as the browser posts it: a checkbox is there ("on") or not; the alert kinds
 * come as `alerts[]`; the hour as "0"–"23"; the zone "" for the first property's. Read into the
 * stored shape, which `mailSettingsSchema` then checks (its messages name "hour" and "zone").
 */
export const mailSettingsFormSchema = z
  .object({
    digest: z.literal("on").optional(),
    "alerts[]": z.array(z.enum(alertKinds, "That is not an alert Daybook sends.")).optional(),
    hour: z.string("Choose an hour.").regex(/^\d{1,2}$/, "The hour is between 0 and 23."),
    zone: textInput("Choose a time zone.").max(64, "That is not a time zone Daybook knows."),
  })
  .transform((form): MailSettings => ({
    digest: form.digest === "on",
    alerts: Object.fromEntries(alertKinds.map((kind) => [kind, form["alerts[]"]?.includes(kind) ?? false])) as Record<
      AlertKind,
      boolean
    >,
    hour: Number(form.hour),
    zone: form.zone === "" ? null : form.zone,
  }))
  .pipe(mailSettingsSchema);
