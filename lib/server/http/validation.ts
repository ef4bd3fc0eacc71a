import "server-only";

import type { z } from "zod";

import { validationWords } from "@/lib/core/validation-words";
import { requestLanguage } from "@/lib/server/words";

/**
 * A parse's options that word zod's own messages in the request's language:
 * `schema.safeParse(input, await inRequestWords())`. Daybook's own messages on a schema stay as written.
 */
export async function inRequestWords(): Promise<{ error: z.core.$ZodErrorMap }> {
  return { error: validationWords(await requestLanguage()) };
}

/**
 * `input` as `schema` reads it. A refusal is thrown as zod's error, its own messages in the
 * request's language, for the one failure mapping to answer 400.
 */
export async function parseInput<S extends z.ZodType>(schema: S, input: unknown): Promise<z.output<S>> {
  return schema.parse(input, await inRequestWords());
}
