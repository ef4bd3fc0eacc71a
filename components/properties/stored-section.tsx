import { connection } from "next/server";
import type { ReactNode } from "react";

import type { Viewer } from "@/lib/core/access";
import { loadForPage } from "@/lib/server/http/failure";

import { NoStoredDays } from "./no-stored-days";
import { ComparisonSection } from "./section";
import { SectionFailure } from "./section-failure";

/**
 * Loads a section's figures from the stored days. A failure, or no stored day at all, comes back
 * as the section already drawn in that state, so each section only draws its figures.
 */
export async function loadStoredSection<T>({
  id,
  title,
  viewer,
  what,
  load,
}: {
  id: string;
  title: string;
  viewer: Viewer;
  what: string;
  load: () => Promise<T | null>;
}): Promise<{ ok: true; data: T } | { ok: false; element: ReactNode }> {
  await connection();
  const loaded = await loadForPage(load);
  if (loaded.ok && loaded.data) return { ok: true, data: loaded.data };
  return {
    ok: false,
    element: (
      <ComparisonSection id={id} title={title}>
        {loaded.ok ? (
          <NoStoredDays />
        ) : (
          <SectionFailure loaded={loaded} isAdmin={viewer.role === "admin"} what={what} />
        )}
      </ComparisonSection>
    ),
  };
}
