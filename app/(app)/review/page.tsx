import type { Metadata } from "next";

import { NoAccess } from "@/components/layout/no-access";
import { ReviewQueue } from "@/components/review/review-queue";
import { PageHeader } from "@/components/ui/page-header";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { getReviewQueue } from "@/lib/features/review/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { getConfig } from "@/lib/server/config";

export const metadata: Metadata = { title: "Review" };

export default async function ReviewPage() {
  const viewer = await requirePageViewer("/review");
  if (!roleAllows(viewer.role, SCREEN_ROLES.review)) return <NoAccess title="Review" />;
  const { overdueHours } = getConfig().history;
  const rows = await getReviewQueue(viewer, new Date());
  return (
    <>
      <PageHeader
        title="Review"
        description={`Stored criminal-arrival lists not signed off yet, one per property and local day, oldest first. A list is overdue once it has waited more than ${overdueHours} hours since Daybook stored it.`}
      />
      <ReviewQueue rows={rows} overdueHours={overdueHours} />
    </>
  );
}
