import type { Messages } from "@/lib/core/catalogue";
import { AppError, type AppErrorStatus } from "@/lib/core/errors";
import { ENGLISH_PRIVACY, type PrivacyWords } from "@/lib/features/privacy/words";

type RefusalKey = keyof Messages["privacy"]["refusals"];

/**
 * A privacy request's step refused: an AppError in English, as a route, the command line (`npm run
 * privacy`) and the tests read it, that also knows its catalogue key (`privacy.refusals`) and values,
 * so a server action says it in the person's own language (actions.ts).
 */
export class RequestRefusal extends AppError {
  constructor(
    status: AppErrorStatus,
    code: string,
    readonly key: RefusalKey,
    readonly values: Record<string, string | number> = {},
  ) {
    super(status, code, ENGLISH_PRIVACY(`refusals.${key}`, values));
    this.name = "RequestRefusal";
  }

  say(t: PrivacyWords): string {
    return t(`refusals.${this.key}`, this.values);
  }
}
