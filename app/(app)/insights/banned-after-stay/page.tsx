import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { BannedAfterStayTable } from "@/components/insights/banned-after-stay-list";
import { NoAccess } from "@/components/layout/no-access";
import { PageHeader } from "@/components/ui/page-header";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { BANNED_PAGE_SIZE, bannedHref, parseBannedQuery } from "@/lib/features/insights/banned-view";
import { getBannedAfterStay } from "@/lib/features/insights/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("insights.bannedAfterStay"))("title") };
}

export default async function BannedAfterStayPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/insights/banned-after-stay");
  const t = await getTranslations("insights.bannedAfterStay");
  if (!roleAllows(viewer.role, SCREEN_ROLES.insights)) return <NoAccess title={t("title")} />;
  const list = await getBannedAfterStay(viewer, parseBannedQuery(await searchParams));
  return (
    <>
      <PageHeader title={t("title")} description={t("description", { size: BANNED_PAGE_SIZE })} />
      {/* A new address (other filters, another page) starts without the name search of the last one. */}
      <BannedAfterStayTable
        key={bannedHref({ property: list.property?.label, ...list.range, page: list.page })}
        list={list}
      />
    </>
  );
}
