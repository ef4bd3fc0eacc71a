import "server-only";

import { createAdmission, type Admission } from "@/lib/core/admission";
import { getConfig } from "@/lib/server/config";
import { countSignInThrottle } from "@/lib/server/metrics";

/**
 * Next may load this module more than once in one process (one copy per bundled route or action),
 * and a queue per copy would multiply the limit; the process keeps one, under a global name.
 */
const KEY = Symbol.for("daybook.sign-in-admission");

/** The one queue every sign-in passes before its password is hashed, whichever way it came in. */
export function signInAdmission(): Admission {
  const global = globalThis as { [KEY]?: Admission };
  global[KEY] ??= counted(createAdmission(getConfig().signIn));
  return global[KEY];
}

/** The queue, with each sign-in it turns away counted (`daybook_sign_in_throttled_total{by="busy"}`). */
function counted(admission: Admission): Admission {
  return {
    get inside() {
      return admission.inside;
    },
    async run(work) {
      const admitted = await admission.run(work);
      if (!admitted.ok) countSignInThrottle("busy");
      return admitted;
    },
  };
}
