import type { Metadata } from "next";

import { RepeatVisitorsList } from "@/components/investigations/repeat-visitors-list";
import { NoAccess } from "@/components/layout/no-access";
import { PageHeader } from "@/components/ui/page-header";
import { INVESTIGATION_LABELS, INVESTIGATION_ROLES, roleAllows } from "@/lib/core/access";
import { parseRepeatQuery } from "@/lib/features/investigations/repeat-visitors-view";
import { getRepeatVisitors } from "@/lib/features/investigations/server";
import { parseInvestigationQuery } from "@/lib/features/investigations/view";
import { requirePageViewer } from "@/lib/server/auth/viewer";

const TITLE = INVESTIGATION_LABELS["repeat-visitors"];

export const metadata: Metadata = { title: TITLE };

export default async function RepeatVisitorsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/investigations/repeat-visitors");
  if (!roleAllows(viewer.role, INVESTIGATION_ROLES["repeat-visitors"])) return <NoAccess title={TITLE} />;
  const params = await searchParams;
  const list = await getRepeatVisitors(viewer, parseRepeatQuery(parseInvestigationQuery(params), params));
  return (
    <>
      <PageHeader
        title={TITLE}
        description="Guests flagged by staff, matched against a ban, or matched against a criminal record or the sex-offender registry at one property who arrived at another, and any document at three properties or more within a week, linked by the keyed hash of the document number. An entry is listed only to people who see every property it involves; for one property, choose it."
      />
      <RepeatVisitorsList list={list} canChangeDays={viewer.role === "admin"} />
    </>
  );
}
