import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { MissedBansList } from "@/components/investigations/missed-bans-list";
import { NoAccess } from "@/components/layout/no-access";
import { PageHeader } from "@/components/ui/page-header";
import { INVESTIGATION_ROLES, roleAllows } from "@/lib/core/access";
import { parseMissedBanQuery } from "@/lib/features/investigations/missed-bans-view";
import { getMissedBans } from "@/lib/features/investigations/server";
import { INVESTIGATION_PAGE_SIZE, parseInvestigationQuery } from "@/lib/features/investigations/view";
import { getFormat } from "@/lib/features/preferences/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("investigations.screens"))("missedBans") };
}

export default async function MissedBansPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/investigations/missed-bans");
  const t = await getTranslations("investigations");
  const title = t("screens.missedBans");
  if (!roleAllows(viewer.role, INVESTIGATION_ROLES["missed-bans"])) return <NoAccess title={title} />;
  const params = await searchParams;
  const [list, format] = await Promise.all([
    getMissedBans(viewer, parseMissedBanQuery(parseInvestigationQuery(params), params)),
    getFormat(),
  ]);
  return (
    <>
      <PageHeader title={title} description={t("missedBans.description", { size: INVESTIGATION_PAGE_SIZE })} />
      <MissedBansList list={list} format={format} />
    </>
  );
}
