import { z } from "zod";

import { daySchema } from "@/lib/core/day-queries";
import { MATCH_OUTCOMES } from "@/lib/core/match-outcomes";
import { multilineTextInput, textInput } from "@/lib/core/text-input";

import { ITEM_KEY_PATTERN } from "./item-key";
import { NOTE_MAX } from "./limits";

export { NOTE_MAX } from "./limits";

const day = daySchema;
const propertyName = textInput().trim().min(1, "Give a property.").max(200);
/** The zone that tells apart properties sharing a name (absent or null for a name nobody shares). */
const zone = z
  .string()
  .regex(/^[A-Za-z0-9_+\-/]{1,64}$/, "This property could not be identified. Refresh and try again.")
  .nullable()
  .optional()
  .transform((value) => value ?? null);
const itemKey = z.string().regex(ITEM_KEY_PATTERN, "This guest could not be identified. Refresh and try again.");

/** Optional: trimmed, blank means none, shown as plain text. */
const note = multilineTextInput()
  .trim()
  .max(NOTE_MAX, `A note can have at most ${NOTE_MAX.toLocaleString("en-US")} characters.`)
  .optional()
  .transform((value) => (value ? value : null));

export const OUTCOME_REQUIRED =
  "Choose the outcome of the check: same person, not the same person, record outdated or could not verify.";

/** Required on every review: what the check of the match against the guest found (MATCH_OUTCOMES). */
const outcome = z.enum(MATCH_OUTCOMES, { error: OUTCOME_REQUIRED });

/** Optional, off unless ticked. */
const policeContacted = z.boolean({ error: "Say whether the police were contacted." }).default(false);

/** Required for every undo: the audit log and the screen keep it. */
const reason = multilineTextInput()
  .trim()
  .min(1, "Say why you undo it.")
  .max(NOTE_MAX, `A reason can have at most ${NOTE_MAX.toLocaleString("en-US")} characters.`);

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
