import type { Metadata } from "next";

import { ResponseScreen } from "@/components/investigations/response-screen";
import { NoAccess } from "@/components/layout/no-access";
import { PageHeader } from "@/components/ui/page-header";
import { INVESTIGATION_ROLES, roleAllows } from "@/lib/core/access";
import { exportAccessOf } from "@/lib/features/export/access";
import { parseResponseQuery } from "@/lib/features/investigations/response-view";
import { getAlertResponse } from "@/lib/features/investigations/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export const metadata: Metadata = { title: "Alert response" };

export default async function AlertResponsePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/investigations/response");
  if (!roleAllows(viewer.role, INVESTIGATION_ROLES.response)) return <NoAccess title="Alert response" />;
  const view = await getAlertResponse(viewer, parseResponseQuery(await searchParams));
  return (
    <>
      <PageHeader
        title="Alert response"
        description="How long the desk took to acknowledge screening alerts (criminal-record and sex-offender matches) at check-in, and the alerts it never acknowledged, from the days Daybook stored."
      />
      <ResponseScreen view={view} csv={exportAccessOf(viewer.role).csv} />
    </>
  );
}
