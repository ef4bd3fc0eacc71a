import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { AdminHeader } from "@/components/admin/admin-header";
import { NewUserForm } from "@/components/admin/new-user-form";
import { NoAccess } from "@/components/layout/no-access";
import { Card } from "@/components/ui/card";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { getReachableProperties, propertyOptions } from "@/lib/features/admin/users";
import { MIN_PASSWORD_LENGTH } from "@/lib/server/auth/password";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { upstreamFailureForPage } from "@/lib/server/http/failure";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("pageTitle", { title: t("newUser.title") }) };
}

export default async function NewUserPage() {
  const viewer = await requirePageViewer("/admin/users/new");
  const t = await getTranslations("admin.newUser");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title={t("title")} />;
  const reachable = await getReachableProperties();
  return (
    <>
      <AdminHeader
        title={t("title")}
        description={t("description")}
        back={{ href: "/admin/users", label: t("back") }}
      />
      <Card>
        <NewUserForm
          options={propertyOptions(reachable.ok ? reachable.properties : null, [])}
          upstreamError={reachable.ok ? null : upstreamFailureForPage(reachable.error)}
          minPasswordLength={MIN_PASSWORD_LENGTH}
        />
      </Card>
    </>
  );
}
