import { z } from "zod";

import { daySchema } from "@/lib/core/day-queries";
import { MATCH_OUTCOMES } from "@/lib/core/match-outcomes";
import { multilineTextInput, textInput } from "@/lib/core/text-input";

import { ITEM_KEY_PATTERN } from "./item-key";
import { NOTE_MAX } from "./limits";

export { NOTE_MAX } from "./limits";

type SchemaKey = keyof (typeof import("@/lib/core/messages/en/review.json"))["schema"];

/**
 * A refusal as the catalogue's key (`review.schema.*`): a schema is made once for everyone, so the
 * action says it in the person's language (lib/features/account/worded.ts), with these limits.
 */
const say = (key: SchemaKey) => `schema.${key}`;
export const SCHEMA_LIMITS = { max: NOTE_MAX };

const day = daySchema;
const propertyName = textInput().trim().min(1, say("giveProperty")).max(200);
/** The zone that tells apart properties sharing a name (absent or null for a name nobody shares). */
const zone = z
  .string()
  .regex(/^[A-Za-z0-9_+\-/]{1,64}$/, say("propertyUnknown"))
  .nullable()
  .optional()
  .transform((value) => value ?? null);
const itemKey = z.string().regex(ITEM_KEY_PATTERN, say("guestUnknown"));

/** Optional: trimmed, blank means none, shown as plain text. */
const note = multilineTextInput()
  .trim()
  .max(NOTE_MAX, say("noteTooLong"))
  .optional()
  .transform((value) => (value ? value : null));

export const OUTCOME_REQUIRED = say("outcomeRequired");

/** Required on every review: what the check of the match against the guest found (MATCH_OUTCOMES). */
const outcome = z.enum(MATCH_OUTCOMES, { error: OUTCOME_REQUIRED });

/** Optional, off unless ticked. */
const policeContacted = z.boolean({ error: say("policeUnknown") }).default(false);

/** Required for every undo: the audit log and the screen keep it. */
const reason = multilineTextInput().trim().min(1, say("reasonMissing")).max(NOTE_MAX, say("reasonTooLong"));

export const reviewItemInput = z.object({ propertyName, zone, day, itemKey, outcome, policeContacted, note });
/** The outcome of a review made before outcomes were asked, recorded on that review. */
export const recordOutcomeInput = z.object({ propertyName, zone, day, itemKey, outcome, policeContacted });
export const undoReviewInput = z.object({ propertyName, zone, day, itemKey, reason });
/** One outcome, police flag and note for every arrival of the list not reviewed yet. */
export const reviewListInput = z.object({ propertyName, zone, day, outcome, policeContacted, note });
export const signOffInput = z.object({ propertyName, zone, day, note });
export const undoSignOffInput = z.object({ propertyName, zone, day, reason });
export const dayQuery = z.object({ day });

export type ReviewItemInput = z.output<typeof reviewItemInput>;
export type RecordOutcomeInput = z.output<typeof recordOutcomeInput>;
export type UndoReviewInput = z.output<typeof undoReviewInput>;
export type ReviewListInput = z.output<typeof reviewListInput>;
export type SignOffInput = z.output<typeof signOffInput>;
export type UndoSignOffInput = z.output<typeof undoSignOffInput>;
