import type { ReactNode } from "react";

import { PageHeader } from "@/components/ui/page-header";

/** The Guests title and description, the same while the page loads. */
export default function GuestsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader
        title="Guests"
        description="Yesterday's arrivals at your properties, each in its own local day, with their screening outcomes. Identification numbers stay masked until you reveal one; every reveal is recorded."
      />
      {children}
    </>
  );
}
