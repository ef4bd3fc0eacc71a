import type { ReactNode } from "react";

import { InvestigationNav } from "@/components/investigations/investigation-nav";
import { investigationsFor } from "@/lib/core/access";
import { getViewer } from "@/lib/server/auth/viewer";

/** The investigations' tabs above each of them: the ones the person's role opens. */
export default async function InvestigationsLayout({ children }: { children: ReactNode }) {
  const viewer = await getViewer();
  return (
    <>
      {viewer ? <InvestigationNav role={viewer.role} screens={investigationsFor(viewer.role)} /> : null}
      {children}
    </>
  );
}
