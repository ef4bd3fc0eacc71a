import type { Metadata } from "next";

import { StaffFlagsScreen } from "@/components/investigations/staff-flags-screen";
import { NoAccess } from "@/components/layout/no-access";
import { PageHeader } from "@/components/ui/page-header";
import { INVESTIGATION_ROLES, roleAllows } from "@/lib/core/access";
import { exportAccessOf } from "@/lib/features/export/access";
import { getStaffFlags } from "@/lib/features/investigations/server";
import { parseStaffFlagQuery } from "@/lib/features/investigations/staff-flags-view";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export const metadata: Metadata = { title: "Staff flags" };

export default async function StaffFlagsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/investigations/staff-flags");
  if (!roleAllows(viewer.role, INVESTIGATION_ROLES["staff-flags"])) return <NoAccess title="Staff flags" />;
  const view = await getStaffFlags(viewer, parseStaffFlagQuery(await searchParams));
  return (
    <>
      <PageHeader
        title="Staff flags"
        description="How often each property's desk flags guests, per 100 arrivals Daybook stored, how many of those flagged guests screening matched nothing about, and the properties that flag far more or far less than the group."
      />
      <StaffFlagsScreen view={view} csv={exportAccessOf(viewer.role).csv} />
    </>
  );
}
