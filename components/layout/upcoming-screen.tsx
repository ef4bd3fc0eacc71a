import Link from "next/link";

import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

/** A screen named in the navigation whose reports are not built yet: says so plainly. */
export function UpcomingScreen({ title, purpose }: { title: string; purpose: string }) {
  return (
    <>
      <PageHeader title={title} description={purpose} />
      <EmptyState title="This screen is not available yet">
        Meanwhile,{" "}
        <Link href="/status" className="text-brand-700 underline">
          Status
        </Link>{" "}
        shows whether Daybook reaches the Partner API and which properties its key covers.
      </EmptyState>
    </>
  );
}
