import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { AdminHeader } from "@/components/admin/admin-header";
import { ApiKeyForm } from "@/components/admin/api-key-form";
import { ApiKeyInUse } from "@/components/admin/api-key-in-use";
import { ConnectionTestPanel } from "@/components/admin/connection-test-panel";
import { NoAccess } from "@/components/layout/no-access";
import { Card } from "@/components/ui/card";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { getApiKeyStatus } from "@/lib/features/admin/api-key";
import { getFormat } from "@/lib/features/preferences/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("pageTitle", { title: t("apiKey.title") }) };
}

export default async function ApiKeyPage() {
  const viewer = await requirePageViewer("/admin/api-key");
  const t = await getTranslations("admin.apiKey");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title={t("title")} />;
  const [status, format] = await Promise.all([getApiKeyStatus(), getFormat()]);
  return (
    <>
      <AdminHeader title={t("title")} description={t("description")} />
      <div className="grid gap-6">
        <ApiKeyInUse status={status} format={format} />
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title={status.source === "stored" ? t("rotate") : t("set")}>
            <ApiKeyForm />
          </Card>
          <Card title={t("testCard")}>
            {/* A new key starts a new panel: an earlier test's outcome was about the old key. */}
            <ConnectionTestPanel key={`${status.source}-${status.setAt ?? ""}-${status.last4}`} />
          </Card>
        </div>
      </div>
    </>
  );
}
