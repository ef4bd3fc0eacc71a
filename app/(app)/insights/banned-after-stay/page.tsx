import type { Metadata } from "next";

import { BannedAfterStayTable } from "@/components/insights/banned-after-stay-list";
import { NoAccess } from "@/components/layout/no-access";
import { PageHeader } from "@/components/ui/page-header";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { BANNED_PAGE_SIZE, bannedHref, parseBannedQuery } from "@/lib/features/insights/banned-view";
import { getBannedAfterStay } from "@/lib/features/insights/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export const metadata: Metadata = { title: "Banned after the stay" };

export default async function BannedAfterStayPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/insights/banned-after-stay");
  if (!roleAllows(viewer.role, SCREEN_ROLES.insights)) return <NoAccess title="Banned after the stay" />;
  const list = await getBannedAfterStay(viewer, parseBannedQuery(await searchParams));
  return (
    <>
      <PageHeader
        title="Banned after the stay"
        description={`Guests of your properties who were not banned when they checked in (screened with no ban, or with no screening record) and are banned now, newest ban first, ${BANNED_PAGE_SIZE} a page; filter them by property and stored day, or search for a guest's name. Daybook reads each stored day's bans with the day and again while the API still reports it; when it first saw the ban is shown.`}
      />
      {/* A new address (other filters, another page) starts without the name search of the last one. */}
      <BannedAfterStayTable
        key={bannedHref({ property: list.property?.label, ...list.range, page: list.page })}
        list={list}
      />
    </>
  );
}
