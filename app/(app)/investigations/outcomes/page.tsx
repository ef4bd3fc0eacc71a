import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { OutcomeScreen } from "@/components/investigations/outcome-screen";
import { NoAccess } from "@/components/layout/no-access";
import { PageHeader } from "@/components/ui/page-header";
import { INVESTIGATION_ROLES, roleAllows } from "@/lib/core/access";
import { exportAccessOf } from "@/lib/features/export/access";
import { parseOutcomeQuery } from "@/lib/features/investigations/outcome-view";
import { getMatchOutcomes } from "@/lib/features/investigations/server";
import { parseInvestigationQuery } from "@/lib/features/investigations/view";
import { getFormat } from "@/lib/features/preferences/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("investigations.screens"))("outcomes") };
}

export default async function MatchOutcomesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/investigations/outcomes");
  const t = await getTranslations("investigations");
  if (!roleAllows(viewer.role, INVESTIGATION_ROLES.outcomes)) return <NoAccess title={t("screens.outcomes")} />;
  const params = await searchParams;
  const [view, format] = await Promise.all([
    getMatchOutcomes(viewer, parseOutcomeQuery(parseInvestigationQuery(params), params)),
    getFormat(),
  ]);
  return (
    <>
      <PageHeader title={t("screens.outcomes")} description={t("outcomes.description")} />
      <OutcomeScreen view={view} csv={exportAccessOf(viewer.role).csv} format={format} />
    </>
  );
}
