/**
 * A person's mail settings: the morning digest, alert e-mails by kind, the local hour and the zone
 * it is read in. Stored as the "mail" preference (lib/features/preferences). Until a person chooses,
 * supervisors get both (they sign off the lists the mail is about) and everyone else neither.
 */
import { z } from "zod";

import type { Role } from "@/lib/core/access";
import type { Messages } from "@/lib/core/catalogue";
import { isKnownZone } from "@/lib/features/history/property-days";

export const MAIL_PREFERENCE = "mail";

/** Alert e-mails, by kind (each named by the catalogue's `mail.alertKinds`); one kind today. */
export const ALERT_KINDS = ["criminalUnacknowledged"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * A refusal of the settings, as the key of the `mail` catalogue that words it: a schema is made once
 * for everyone, and the action says the refusal in the person's language (actions.ts).
 */
export const refusal = (key: keyof Messages["mail"]["form"]) => `form.${key}` as const;

export interface MailSettings {
  digest: boolean;
  alerts: Record<AlertKind, boolean>;
  /** The local hour (0–23) before which no digest goes out. */
  hour: number;
  /** The zone the hour is read in; null: the zone of the person's first property. */
  zone: string | null;
}

export const DEFAULT_DIGEST_HOUR = 7;

export function defaultMailSettings(role: Role): MailSettings {
  const onByDefault = role === "supervisor";
  return {
    digest: onByDefault,
    alerts: { criminalUnacknowledged: onByDefault },
    hour: DEFAULT_DIGEST_HOUR,
    zone: null,
  };
}

export const mailSettingsSchema = z.object({
  digest: z.boolean(),
  alerts: z.object({ criminalUnacknowledged: z.boolean() }),
  hour: z.number().int().min(0, refusal("hour")).max(23, refusal("hour")),
  zone: z
    .string()
    .max(64)
    .nullable()
    .refine((zone) => zone === null || isKnownZone(zone), refusal("zone")),
});

/** The stored value, or the role's defaults when there is none or it no longer reads. */
export function readMailSettings(stored: unknown, role: Role): MailSettings {
  const parsed = mailSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : defaultMailSettings(role);
}

/**
 * The zone of a person's first property: the first of theirs Daybook knows, or the first by name for
 * a person who sees every property; null when Daybook knows none of theirs yet.
 */
export function firstPropertyZone(
  person: { allProperties: boolean; properties: readonly string[] },
  known: readonly { name: string; zones: readonly string[] }[],
): string | null {
  const zones = new Map(known.map((property) => [property.name, property.zones[0] ?? null]));
  const first = person.allProperties
    ? [...zones.keys()].sort((a, b) => a.localeCompare(b))[0]
    : person.properties.find((name) => zones.has(name));
  return first === undefined ? null : (zones.get(first) ?? null);
}

/** The zone a person's hour is read in: their choice, their first property's, or UTC. */
export function effectiveZone(settings: Pick<MailSettings, "zone">, firstPropertyZone: string | null): string {
  return settings.zone ?? firstPropertyZone ?? "UTC";
}
