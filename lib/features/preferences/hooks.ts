"use client";

import { createContext, useContext, useMemo } from "react";

import { createFormatter, DEFAULT_HABITS, type Formatter } from "@/lib/core/format";
import type { Habits } from "@/lib/core/locale";

/**
 * The person's formatting habits in the browser, exactly as the server drew the page with them
 * (components/layout/habits-provider.tsx puts them here), so what hydrates matches what was sent.
 */
export const HabitsContext = createContext<Habits>(DEFAULT_HABITS);

/** Dates, times and numbers in the person's habits, for a client component. */
export function useFormat(): Formatter {
  const habits = useContext(HabitsContext);
  return useMemo(() => createFormatter(habits), [habits]);
}
