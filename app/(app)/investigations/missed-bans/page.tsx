import type { Metadata } from "next";

import { MissedBansList } from "@/components/investigations/missed-bans-list";
import { NoAccess } from "@/components/layout/no-access";
import { PageHeader } from "@/components/ui/page-header";
import { INVESTIGATION_LABELS, INVESTIGATION_ROLES, roleAllows } from "@/lib/core/access";
import { parseMissedBanQuery } from "@/lib/features/investigations/missed-bans-view";
import { getMissedBans } from "@/lib/features/investigations/server";
import { parseInvestigationQuery } from "@/lib/features/investigations/view";
import { requirePageViewer } from "@/lib/server/auth/viewer";

const TITLE = INVESTIGATION_LABELS["missed-bans"];

export const metadata: Metadata = { title: TITLE };

export default async function MissedBansPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/investigations/missed-bans");
  if (!roleAllows(viewer.role, INVESTIGATION_ROLES["missed-bans"])) return <NoAccess title={TITLE} />;
  const params = await searchParams;
  const list = await getMissedBans(viewer, parseMissedBanQuery(parseInvestigationQuery(params), params));
  return (
    <>
      <PageHeader
        title={TITLE}
        description="Guests of your properties the desk did not match against a ban (screened with no ban matched, or with no screening record) although Daybook had already seen the same document banned before that check-in, at any property of the group. Counted per property and by how the guest was taken in; then each arrival, 50 a page."
      />
      <MissedBansList list={list} />
    </>
  );
}
