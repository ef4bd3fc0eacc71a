import { DAY_PATTERN } from "@/lib/history/types";
import { z } from "zod";

/** A stored day (`?day=YYYY-MM-DD`); absent means yesterday, live from the API. */
export const daySchema = z
  .string()
  .regex(DAY_PATTERN, "must be a date written YYYY-MM-DD")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), "is not a calendar date");

/** The optional day of every report route. */
export const dayQuerySchema = z.object({ day: daySchema.optional() });

/** The optional property filter and day of the guests and criminal-arrivals routes. */
export const propertyQuerySchema = dayQuerySchema.extend({
  propertyName: z.string().trim().min(1).max(200).optional(),
});

export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  return schema.parse(Object.fromEntries(new URL(request.url).searchParams));
}
