import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { RepeatVisitorsList } from "@/components/investigations/repeat-visitors-list";
import { NoAccess } from "@/components/layout/no-access";
import { PageHeader } from "@/components/ui/page-header";
import { INVESTIGATION_ROLES, roleAllows } from "@/lib/core/access";
import { parseRepeatQuery } from "@/lib/features/investigations/repeat-visitors-view";
import { getRepeatVisitors } from "@/lib/features/investigations/server";
import { parseInvestigationQuery } from "@/lib/features/investigations/view";
import { getFormat } from "@/lib/features/preferences/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("investigations.screens"))("repeatVisitors") };
}

export default async function RepeatVisitorsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/investigations/repeat-visitors");
  const t = await getTranslations("investigations");
  const title = t("screens.repeatVisitors");
  if (!roleAllows(viewer.role, INVESTIGATION_ROLES["repeat-visitors"])) return <NoAccess title={title} />;
  const params = await searchParams;
  const [list, format] = await Promise.all([
    getRepeatVisitors(viewer, parseRepeatQuery(parseInvestigationQuery(params), params)),
    getFormat(),
  ]);
  return (
    <>
      <PageHeader title={title} description={t("repeatVisitors.description")} />
      <RepeatVisitorsList list={list} canChangeDays={viewer.role === "admin"} format={format} />
    </>
  );
}
