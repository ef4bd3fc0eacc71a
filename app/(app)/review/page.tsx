import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { NoAccess } from "@/components/layout/no-access";
import { ReviewQueue } from "@/components/review/review-queue";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { getFormat } from "@/lib/features/preferences/server";
import { parseQueueQuery, QUEUE_PAGE_SIZE } from "@/lib/features/review/queue-view";
import { getReviewQueueView } from "@/lib/features/review/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { getConfig } from "@/lib/server/config";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("review"))("title") };
}

export default async function ReviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/review");
  const t = await getTranslations("review");
  if (!roleAllows(viewer.role, SCREEN_ROLES.review)) return <NoAccess title={t("title")} />;
  const { overdueHours } = getConfig().history;
  const [view, format] = await Promise.all([
    getReviewQueueView(viewer, new Date(), parseQueueQuery(await searchParams)),
    getFormat(),
  ]);
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description", { pageSize: QUEUE_PAGE_SIZE, hours: overdueHours })}
      />
      {view.notKept.length > 0 ? (
        <div className="mb-4">
          <Notice tone="info" title={t("notKept.title")}>
            <ul className="space-y-0.5">
              {view.notKept.map((entry) => (
                <li key={entry.propertyName}>
                  {t("notKept.line", { policy: entry.policy, property: entry.propertyName })}
                </li>
              ))}
            </ul>
          </Notice>
        </div>
      ) : null}
      <ReviewQueue view={view} overdueHours={overdueHours} format={format} />
    </>
  );
}
