/**
 * What a step is given, checked: the person a request is for as typed (an error names the field,
 * never its value) and turned at once into the database's keyed hashes, and the reason for a step.
 */
import { z } from "zod";

import { isCalendarDay } from "@/lib/core/days";
import { AppError } from "@/lib/core/errors";
import type { Executor } from "@/lib/server/db/types";
import { getKeyring } from "@/lib/server/encryption/keyring";
import { getMatchKey, personKeys, type PersonKeys } from "@/lib/server/privacy/match-key";

import { RequestRefusal } from "./refusal";
import type { PersonQuery } from "./types";

const personQuerySchema = z.discriminatedUnion("by", [
  z.object({
    by: z.literal("name and date of birth"),
    name: z
      .string({ error: "Enter the guest's first and last name." })
      .trim()
      .min(1, "Enter the guest's first and last name.")
      .max(200, "Keep the name to 200 characters or fewer."),
    dateOfBirth: z
      .string({ error: "Enter the date of birth as YYYY-MM-DD." })
      .trim()
      .refine(isCalendarDay, "Enter the date of birth as YYYY-MM-DD, a real calendar day."),
  }),
  z.object({
    by: z.literal("document number"),
    documentNumber: z
      .string({ error: "Enter the document number." })
      .trim()
      .min(1, "Enter the document number.")
      .max(100, "A document number has at most 100 characters."),
  }),
]);

/** The person as typed, checked; an error names the field, never its value. */
export function checkPerson(person: PersonQuery): PersonQuery {
  const parsed = personQuerySchema.safeParse(person);
  if (!parsed.success) {
    throw new AppError(400, "invalid_person", parsed.error.issues[0]?.message ?? "Say who the request is for.");
  }
  return parsed.data;
}

const reasonSchema = z
  .string({ error: "Give a reason." })
  .trim()
  .min(1, "Give a reason.")
  .max(500, "Keep the reason to 500 characters or fewer.");

export function checkReason(reason: string): string {
  const parsed = reasonSchema.safeParse(reason);
  if (!parsed.success) throw new AppError(400, "invalid_reason", parsed.error.issues[0]!.message);
  return parsed.data;
}

/** The keyed hashes of the person: the raw values go no further than this function. */
export async function keysOf(db: Executor, person: PersonQuery): Promise<PersonKeys> {
  const key = await getMatchKey(db, getKeyring());
  const keys =
    person.by === "document number"
      ? personKeys(key, { documentNumber: person.documentNumber })
      : { ...personKeys(key, { name: person.name, dateOfBirth: person.dateOfBirth }), documentKey: null };
  if (keys.nameKey === null && keys.documentKey === null) {
    throw new RequestRefusal(400, "invalid_person", "nameWithoutLetters");
  }
  return keys;
}
