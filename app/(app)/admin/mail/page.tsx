import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { AdminHeader } from "@/components/admin/admin-header";
import { NoAccess } from "@/components/layout/no-access";
import { CaughtMailList } from "@/components/mail/caught-mail-list";
import { DeliveriesTable } from "@/components/mail/deliveries-table";
import { MailStatusCard } from "@/components/mail/mail-status-card";
import { TestMailButton } from "@/components/mail/test-mail-button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { DELIVERIES_SHOWN, getMailAdmin } from "@/lib/features/mail/server";
import { getFormat } from "@/lib/features/preferences/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("pageTitle", { title: t("mail.title") }) };
}

export default async function MailAdminPage() {
  const viewer = await requirePageViewer("/admin/mail");
  const t = await getTranslations("admin.mail");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title={t("title")} />;
  const [view, format] = await Promise.all([getMailAdmin(), getFormat()]);
  return (
    <>
      <AdminHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        {view.on ? null : (
          <Notice tone="warning" title={t("offTitle")}>
            {t("off")}
          </Notice>
        )}
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <MailStatusCard view={view} />
          </div>
          <Card title={t("testCard")}>
            <TestMailButton email={viewer.email} />
          </Card>
        </div>
        <DeliveriesTable deliveries={view.deliveries} limit={DELIVERIES_SHOWN} />
        {view.catcher ? <CaughtMailList caught={view.caught} zone={format.eventZone} /> : null}
      </div>
    </>
  );
}
