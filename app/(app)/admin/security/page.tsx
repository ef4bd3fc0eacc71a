import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { AdminHeader } from "@/components/admin/admin-header";
import { RequiredRolesForm } from "@/components/admin/required-roles-form";
import { NoAccess } from "@/components/layout/no-access";
import { Card } from "@/components/ui/card";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { readRequiredRoles } from "@/lib/server/auth/required-steps";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("pageTitle", { title: t("security.title") }) };
}

export default async function SecurityPage() {
  const viewer = await requirePageViewer("/admin/security");
  const t = await getTranslations("admin.security");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title={t("title")} />;
  const mode = getConfig().mode;
  const setting = await readRequiredRoles(await getDb(), mode);
  return (
    <>
      <AdminHeader title={t("title")} description={t("description")} />
      <Card title={t("secondFactorCard")}>
        <p className="mb-4 text-sm text-stone-700">
          {t("explained")}
          {setting.chosen ? null : <> {mode === "live" ? t("notChosenLive") : t("notChosenDemo")}</>}
        </p>
        <RequiredRolesForm roles={setting.roles} />
      </Card>
    </>
  );
}
