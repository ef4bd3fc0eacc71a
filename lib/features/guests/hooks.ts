"use client";

import { useCallback, useMemo, useState } from "react";

import type { GuestArrival } from "@/lib/features/reports/types";

import { revealIdentification } from "./actions";

export type RevealState =
  { status: "pending" } | { status: "shown"; number: string } | { status: "error"; message: string };

export interface Reveals {
  states: Readonly<Record<string, RevealState>>;
  reveal: (key: string, item: GuestArrival) => void;
  hide: (key: string) => void;
}

/** Full identification numbers revealed on this page, by row: held in memory only, never in the report cache. */
export function useReveals(day?: string): Reveals {
  const [states, setStates] = useState<Record<string, RevealState>>({});
  const set = useCallback((key: string, state: RevealState | null) => {
    setStates((current) => {
      const next = { ...current };
      if (state) next[key] = state;
      else delete next[key];
      return next;
    });
  }, []);

  const reveal = useCallback(
    (key: string, item: GuestArrival) => {
      set(key, { status: "pending" });
      revealIdentification({
        propertyName: item.propertyName,
        checkInAtUtc: item.checkInAtUtc,
        firstName: item.firstName,
        lastName: item.lastName,
        day,
      })
        .then((result) => {
          if (result.ok && result.data) set(key, { status: "shown", number: result.data.identificationNumber });
          else set(key, { status: "error", message: result.ok ? "Nothing was revealed." : result.message });
        })
        .catch(() =>
          set(key, { status: "error", message: "Daybook could not be reached. Check the connection and try again." }),
        );
    },
    [set, day],
  );
  const hide = useCallback((key: string) => set(key, null), [set]);
  return useMemo(() => ({ states, reveal, hide }), [states, reveal, hide]);
}
