import type { Metadata } from "next";

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
import { requirePageViewer } from "@/lib/server/auth/viewer";

export const metadata: Metadata = { title: "Mail · Admin" };

export default async function MailAdminPage() {
  const viewer = await requirePageViewer("/admin/mail");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title="Mail" />;
  const view = await getMailAdmin();
  return (
    <>
      <AdminHeader
        title="Mail"
        description="The morning digest and the alert e-mails: where they go, every recent send with the mail server's reply, and a test e-mail."
      />
      <div className="space-y-6">
        {view.on ? null : (
          <Notice tone="warning" title="Mail is off on this Daybook">
            Set SMTP_URL (and DAYBOOK_PUBLIC_URL, where the links in each e-mail point) to send the digest and the
            alerts. People&apos;s choices on My settings are kept meanwhile.
          </Notice>
        )}
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <MailStatusCard view={view} />
          </div>
          <Card title="Test e-mail">
            <TestMailButton email={viewer.email} />
          </Card>
        </div>
        <DeliveriesTable deliveries={view.deliveries} limit={DELIVERIES_SHOWN} />
        {view.catcher ? <CaughtMailList caught={view.caught} /> : null}
      </div>
    </>
  );
}
