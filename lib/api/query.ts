import { z } from "zod";

/** The optional property filter of the guests and criminal-arrivals routes. */
export const propertyQuerySchema = z.object({
  propertyName: z.string().trim().min(1).max(200).optional(),
});

export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  return schema.parse(Object.fromEntries(new URL(request.url).searchParams));
}
