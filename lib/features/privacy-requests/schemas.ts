/**
 * What the privacy-request forms send (server actions, in the POST body only). The person's details
 * are validated here and handed to the server as a PersonQuery: never echoed back, never logged.
 */
import { z } from "zod";

import { REQUEST_KINDS } from "@/lib/core/privacy";
import { multilineTextInput, textInput } from "@/lib/core/text-input";

import { PERSON_BY } from "./person-by";
import type { PersonQuery } from "./types";

type SchemaKey = keyof (typeof import("@/lib/core/messages/en/privacy.json"))["schema"];

/**
 * A refusal as the catalogue's key (`privacy.schema.*`): a schema is made once for everyone, so the
 * action says it in the person's language (lib/features/account/worded.ts).
 */
const say = (key: SchemaKey) => `schema.${key}`;

const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, say("dateFormat"))
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    say("realDate"),
  );

/** The "New request" form. */
export const newRequestSchema = z
  .object({
    kind: z.enum(REQUEST_KINDS, { error: say("chooseKind") }),
    reference: textInput()
      .trim()
      .max(100, say("referenceTooLong"))
      .optional()
      .transform((value) => (value ? value : null)),
    receivedOn: isoDay,
    by: z.enum(PERSON_BY, { error: say("chooseBy") }),
    name: textInput().trim().max(200, say("personNameTooLong")).optional(),
    dateOfBirth: textInput().trim().optional(),
    documentNumber: textInput().trim().max(100, say("documentTooLong")).optional(),
  })
  .superRefine(
    (input, context) => {
      const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
      if (input.by === "name and date of birth") {
        if (text(input.name).split(/\s+/).filter(Boolean).length < 2)
          context.addIssue({ code: "custom", path: ["name"], message: say("fullName") });
        if (!isoDay.safeParse(text(input.dateOfBirth)).success)
          context.addIssue({
            code: "custom",
            path: ["dateOfBirth"],
            message: say("birthFormat"),
          });
      } else if (input.by === "document number" && !text(input.documentNumber)) {
        context.addIssue({ code: "custom", path: ["documentNumber"], message: say("documentMissing") });
      }
    },
    // Also when another field (the kind, the received date) is wrong: every problem is shown at once.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );

export type NewRequestInput = z.output<typeof newRequestSchema>;

/** The person a new request is for, as the server takes it. */
export function personOf(input: NewRequestInput): PersonQuery {
  return input.by === "name and date of birth"
    ? { by: input.by, name: input.name!, dateOfBirth: input.dateOfBirth! }
    : { by: input.by, documentNumber: input.documentNumber! };
}

const id = z.coerce.number().int().positive();
const reason = multilineTextInput().trim().min(1, say("reasonMissing")).max(500, say("reasonTooLong"));

/** Erase, restrict and lift: a request and a reason. */
export const requestStepSchema = z.object({ id, reason });

/** Close without acting: withdrawn by the guest, or refused (with why). */
export const closeRequestSchema = z.object({
  id,
  reason,
  state: z.enum(["withdrawn", "refused"], { error: say("chooseClose") }),
});
