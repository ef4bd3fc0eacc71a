"use client";

import { useCallback, useState } from "react";
import type { ActionResult } from "@/lib/actions/authed-action";

const OFFLINE = "Daybook could not be reached. Check the connection and try again.";

/** One review action in flight at a time per control: pending state, the refusal in words, then a refresh of the state. */
export function useReviewAction() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(async (call: () => Promise<ActionResult>, afterSuccess: () => Promise<unknown>): Promise<boolean> => {
    setPending(true);
    setError(null);
    try {
      const result = await call();
      if (!result.ok) {
        const field = result.fieldErrors ? Object.values(result.fieldErrors)[0] : undefined;
        setError(field ?? result.message);
        // A refusal often means someone else changed the list (signed off, undone): show what stands now.
        await afterSuccess();
        return false;
      }
      await afterSuccess();
      return true;
    } catch {
      setError(OFFLINE);
      return false;
    } finally {
      setPending(false);
    }
  }, []);

  return { pending, error, run, clearError: useCallback(() => setError(null), []) };
}
