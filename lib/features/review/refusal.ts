import type { Messages } from "@/lib/core/catalogue";
import { AppError, type AppErrorStatus } from "@/lib/core/errors";
import { createFormatter, DEFAULT_HABITS, type Formatter } from "@/lib/core/format";

import { ENGLISH_REVIEW, type ReviewWords } from "./words";

/** What a refusal is said with: the person's words and formats. */
export interface Saying {
  t: ReviewWords;
  format: Formatter;
}

/** English in Daybook's standard formats: the message a route, the command line and the tests read. */
export const IN_ENGLISH: Saying = { t: ENGLISH_REVIEW, format: createFormatter(DEFAULT_HABITS) };

/**
 * A review action refused, as an AppError in English that can also say itself in a person's
 * language: a server action catches it and answers in the words of whoever asked (actions.ts).
 */
export abstract class WordedRefusal extends AppError {
  abstract say(saying: Saying): string;
}

type RefusalKey = keyof Messages["review"]["refusals"];

/** A refusal that is one message of the catalogue (`review.refusals`), with its values. */
export class ReviewRefusal extends WordedRefusal {
  constructor(
    status: AppErrorStatus,
    code: string,
    readonly key: RefusalKey,
    readonly values: Record<string, string | number> = {},
  ) {
    super(status, code, ENGLISH_REVIEW(`refusals.${key}`, values));
    this.name = "ReviewRefusal";
  }

  say({ t }: Saying): string {
    return t(`refusals.${this.key}`, this.values);
  }
}
