"use client";

import type { ReactNode } from "react";

import type { Habits } from "@/lib/core/locale";
import { HabitsContext } from "@/lib/features/preferences/hooks";

/** Hands the server's formatting habits to client components (`useFormat`). */
export function HabitsProvider({ habits, children }: { habits: Habits; children: ReactNode }) {
  return <HabitsContext value={habits}>{children}</HabitsContext>;
}
