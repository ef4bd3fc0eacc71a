import type { Metadata } from "next";

import { OutcomeScreen } from "@/components/investigations/outcome-screen";
import { NoAccess } from "@/components/layout/no-access";
import { PageHeader } from "@/components/ui/page-header";
import { INVESTIGATION_ROLES, roleAllows } from "@/lib/core/access";
import { exportAccessOf } from "@/lib/features/export/access";
import { parseOutcomeQuery } from "@/lib/features/investigations/outcome-view";
import { getMatchOutcomes } from "@/lib/features/investigations/server";
import { parseInvestigationQuery } from "@/lib/features/investigations/view";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export const metadata: Metadata = { title: "Match outcomes" };

export default async function MatchOutcomesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/investigations/outcomes");
  if (!roleAllows(viewer.role, INVESTIGATION_ROLES.outcomes)) return <NoAccess title="Match outcomes" />;
  const params = await searchParams;
  const view = await getMatchOutcomes(viewer, parseOutcomeQuery(parseInvestigationQuery(params), params));
  return (
    <>
      <PageHeader
        title="Match outcomes"
        description="How often a criminal-record or sex-offender match at check-in turned out not to be the guest, from the outcomes supervisors recorded when reviewing the criminal arrivals of your properties."
      />
      <OutcomeScreen view={view} csv={exportAccessOf(viewer.role).csv} />
    </>
  );
}
