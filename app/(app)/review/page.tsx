import type { Metadata } from "next";

import { NoAccess } from "@/components/layout/no-access";
import { ReviewQueue } from "@/components/review/review-queue";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { criminalNotKeptText } from "@/lib/features/criminal-arrivals/view";
import { parseQueueQuery, QUEUE_PAGE_SIZE } from "@/lib/features/review/queue-view";
import { getReviewQueueView } from "@/lib/features/review/server";
import { thresholdWords } from "@/lib/features/review/waiting";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { getConfig } from "@/lib/server/config";

export const metadata: Metadata = { title: "Review" };

export default async function ReviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/review");
  if (!roleAllows(viewer.role, SCREEN_ROLES.review)) return <NoAccess title="Review" />;
  const { overdueHours } = getConfig().history;
  const view = await getReviewQueueView(viewer, new Date(), parseQueueQuery(await searchParams));
  return (
    <>
      <PageHeader
        title="Review"
        description={`Stored criminal-arrival lists not signed off yet, one per property and local day, oldest first unless ordered otherwise, ${QUEUE_PAGE_SIZE} a page. A list is overdue once it has waited more than ${thresholdWords(overdueHours)} since Daybook stored it.`}
      />
      {view.notKept.length > 0 ? (
        <div className="mb-4">
          <Notice tone="info" title="Some properties have no criminal-arrival lists">
            <ul className="space-y-0.5">
              {view.notKept.map((entry) => (
                <li key={entry.propertyName}>
                  {criminalNotKeptText(entry.policy)} at {entry.propertyName}: there is nothing to review there.
                </li>
              ))}
            </ul>
          </Notice>
        </div>
      ) : null}
      <ReviewQueue view={view} overdueHours={overdueHours} />
    </>
  );
}
