import "server-only";

import { createAdmission, type Admission } from "@/lib/core/admission";
import { getConfig } from "@/lib/server/config";

/**
 * Next may load this module more than once in one process (one copy per bundled route or action),
 * and a queue per copy would multiply the limit; the process keeps one, under a global name.
 */
const KEY = Symbol.for("daybook.sign-in-admission");

/** The one queue every sign-in passes before its password is hashed, whichever way it came in. */
export function signInAdmission(): Admission {
  const global = globalThis as { [KEY]?: Admission };
  global[KEY] ??= createAdmission(getConfig().signIn);
  return global[KEY];
}
