import { z } from "zod";

import { textInput } from "@/lib/core/text-input";

import { ALERT_KINDS, mailSettingsSchema, refusal, type AlertKind, type MailSettings } from "./settings";

/**
 * The settings form as the browser posts it: a checkbox is there ("on") or not; the alert kinds
 * come as `alerts[]`; the hour as "0"–"23"; the zone "" for the first property's. Read into the
 * stored shape, which `mailSettingsSchema` then checks (its messages name "hour" and "zone"). Each
 * refusal is a key of the `mail` catalogue (`refusal`), said in the person's language by the action.
 */
export const mailSettingsFormSchema = z
  .object({
    digest: z.literal("on").optional(),
    "alerts[]": z.array(z.enum(ALERT_KINDS, refusal("alert"))).optional(),
    hour: z.string(refusal("hourMissing")).regex(/^\d{1,2}$/, refusal("hour")),
    zone: textInput(refusal("zoneMissing")).max(64, refusal("zone")),
  })
  .transform((form): MailSettings => ({
    digest: form.digest === "on",
    alerts: Object.fromEntries(ALERT_KINDS.map((kind) => [kind, form["alerts[]"]?.includes(kind) ?? false])) as Record<
      AlertKind,
      boolean
    >,
    hour: Number(form.hour),
    zone: form.zone === "" ? null : form.zone,
  }))
  .pipe(mailSettingsSchema);
