import type { Metadata } from "next";

import { NoAccess } from "@/components/layout/no-access";
import { ReviewQueue } from "@/components/review/review-queue";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { propertyKey, roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { criminalNotKeptText } from "@/lib/features/criminal-arrivals/view";
import { getCriminalNotKept } from "@/lib/features/privacy/server";
import { getReviewQueue } from "@/lib/features/review/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { getConfig } from "@/lib/server/config";

export const metadata: Metadata = { title: "Review" };

export default async function ReviewPage() {
  const viewer = await requirePageViewer("/review");
  if (!roleAllows(viewer.role, SCREEN_ROLES.review)) return <NoAccess title="Review" />;
  const { overdueHours } = getConfig().history;
  const [queue, notKept] = await Promise.all([getReviewQueue(viewer, new Date()), getCriminalNotKept(viewer)]);
  // A property whose policy no longer keeps criminal details has no list to sign off, even before
  // housekeeping has removed what was stored under its earlier policy.
  const gone = new Set(notKept.map((entry) => propertyKey(entry.propertyName)));
  const rows = queue.filter((row) => !gone.has(propertyKey(row.propertyName)));
  return (
    <>
      <PageHeader
        title="Review"
        description={`Stored criminal-arrival lists not signed off yet, one per property and local day, oldest first. A list is overdue once it has waited more than ${overdueHours} hours since Daybook stored it.`}
      />
      {notKept.length > 0 ? (
        <div className="mb-4">
          <Notice tone="info" title="Some properties have no criminal-arrival lists">
            <ul className="space-y-0.5">
              {notKept.map((entry) => (
                <li key={entry.propertyName}>
                  {criminalNotKeptText(entry.policy)} at {entry.propertyName}: there is nothing to review there.
                </li>
              ))}
            </ul>
          </Notice>
        </div>
      ) : null}
      <ReviewQueue rows={rows} overdueHours={overdueHours} />
    </>
  );
}
