import { z } from "zod";

import { daySchema } from "@/lib/core/day-queries";
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

/** Required for every undo: the audit log and the screen keep it. */
const reason = multilineTextInput()
  .trim()
  .min(1, "Say why you undo it.")
  .max(NOTE_MAX, `A reason can have at most ${NOTE_MAX.toLocaleString("en-US")} characters.`);

export const reviewItemInput = z.object({ propertyName, zone, day, itemKey, note });
export const undoReviewInput = z.object({ propertyName, zone, day, itemKey, reason });
export const reviewListInput = z.object({ propertyName, zone, day, note });
export const signOffInput = z.object({ propertyName, zone, day, note });
export const undoSignOffInput = z.object({ propertyName, zone, day, reason });
export const dayQuery = z.object({ day });

export type ReviewItemInput = z.output<typeof reviewItemInput>;
export type UndoReviewInput = z.output<typeof undoReviewInput>;
export type ReviewListInput = z.output<typeof reviewListInput>;
export type SignOffInput = z.output<typeof signOffInput>;
export type UndoSignOffInput = z.output<typeof undoSignOffInput>;
