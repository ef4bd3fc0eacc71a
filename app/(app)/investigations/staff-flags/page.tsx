import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { StaffFlagsScreen } from "@/components/investigations/staff-flags-screen";
import { NoAccess } from "@/components/layout/no-access";
import { PageHeader } from "@/components/ui/page-header";
import { INVESTIGATION_ROLES, roleAllows } from "@/lib/core/access";
import { exportAccessOf } from "@/lib/features/export/access";
import { getStaffFlags } from "@/lib/features/investigations/server";
import { parseStaffFlagQuery } from "@/lib/features/investigations/staff-flags-view";
import { getFormat } from "@/lib/features/preferences/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("investigations.screens"))("staffFlags") };
}

export default async function StaffFlagsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/investigations/staff-flags");
  const t = await getTranslations("investigations");
  const title = t("screens.staffFlags");
  if (!roleAllows(viewer.role, INVESTIGATION_ROLES["staff-flags"])) return <NoAccess title={title} />;
  const [view, format] = await Promise.all([
    getStaffFlags(viewer, parseStaffFlagQuery(await searchParams)),
    getFormat(),
  ]);
  return (
    <>
      <PageHeader title={title} description={t("staffFlags.description")} />
      <StaffFlagsScreen view={view} csv={exportAccessOf(viewer.role).csv} format={format} />
    </>
  );
}
