import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { ResponseScreen } from "@/components/investigations/response-screen";
import { NoAccess } from "@/components/layout/no-access";
import { PageHeader } from "@/components/ui/page-header";
import { INVESTIGATION_ROLES, roleAllows } from "@/lib/core/access";
import { exportAccessOf } from "@/lib/features/export/access";
import { parseResponseQuery } from "@/lib/features/investigations/response-view";
import { getAlertResponse } from "@/lib/features/investigations/server";
import { getFormat } from "@/lib/features/preferences/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("investigations.screens"))("response") };
}

export default async function AlertResponsePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/investigations/response");
  const t = await getTranslations("investigations");
  const title = t("screens.response");
  if (!roleAllows(viewer.role, INVESTIGATION_ROLES.response)) return <NoAccess title={title} />;
  const [view, format] = await Promise.all([
    getAlertResponse(viewer, parseResponseQuery(await searchParams)),
    getFormat(),
  ]);
  return (
    <>
      <PageHeader title={title} description={t("response.description")} />
      <ResponseScreen view={view} csv={exportAccessOf(viewer.role).csv} format={format} />
    </>
  );
}
