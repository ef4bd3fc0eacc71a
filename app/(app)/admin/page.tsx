import type { Metadata } from "next";

import { AdminHeader } from "@/components/admin/admin-header";
import { AdminOverviewCard } from "@/components/admin/admin-overview-card";
import { NoAccess } from "@/components/layout/no-access";
import { UnattendedNotice } from "@/components/review/unattended-notice";
import { UtcInstant } from "@/components/ui/utc-instant";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { formatInstant } from "@/lib/core/format";
import { describeKeySource, getApiKeyStatus } from "@/lib/features/admin/api-key";
import { getMailSummary } from "@/lib/features/mail/server";
import { getPrivacyAdmin } from "@/lib/features/privacy/server";
import { getUnattendedProperties } from "@/lib/features/review/server";
import { getLatestRun } from "@/lib/features/sync/server";
import { listAuditEvents } from "@/lib/server/audit/query";
import { listUsers } from "@/lib/server/auth/users";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Admin" };

export default async function AdminOverviewPage() {
  const viewer = await requirePageViewer("/admin");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title="Admin" />;
  const db = await getDb();
  const [users, key, audit, run, mail, privacy, unattended] = await Promise.all([
    listUsers(db),
    getApiKeyStatus(),
    listAuditEvents(db, {}, { limit: 1 }),
    getLatestRun(),
    getMailSummary(),
    getPrivacyAdmin(),
    getUnattendedProperties(viewer),
  ]);
  const ownPolicy = privacy.assignments.filter((entry) => entry.policyId !== null).length;
  const mailFailed = mail.counts.failed ?? 0;
  const active = users.filter((user) => user.disabledAt === null).length;
  const disabled = users.length - active;
  const latest = audit.rows[0];
  return (
    <>
      <AdminHeader
        title="Admin"
        description="People and their access, the Partner API key, the record of who did what, the daily pulls and the mail."
      />
      {unattended?.length ? (
        <div className="mb-4">
          <UnattendedNotice names={unattended} canGrant />
        </div>
      ) : null}
      <div className="grid gap-4 md:grid-cols-3">
        <AdminOverviewCard
          href="/admin/users"
          title="Users"
          description="Who can sign in, their roles, and the properties each one sees."
          fact={`${active} active ${active === 1 ? "account" : "accounts"}${disabled > 0 ? `, ${disabled} disabled` : ""}`}
        />
        <AdminOverviewCard
          href="/admin/api-key"
          title="API key"
          description="The key Daybook uses for the Partner API: set or rotate it, test the connection."
          fact={`${describeKeySource(key, formatInstant)}; ends in ${key.last4}`}
          warning={key.unreadable ? "The key set in Daybook cannot be read: set it again." : undefined}
        />
        <AdminOverviewCard
          href="/admin/audit"
          title="Audit log"
          description="Sign-ins, account changes, key changes and connection tests, newest first."
          fact={
            latest ? (
              <>
                Latest entry <UtcInstant at={latest.at} />
              </>
            ) : (
              "No entries yet"
            )
          }
        />
        <AdminOverviewCard
          href="/admin/privacy"
          title="Privacy"
          description="What Daybook keeps of each property's guests and for how long, and the log of every removal."
          fact={`${privacy.policies.length} ${privacy.policies.length === 1 ? "policy" : "policies"}; ${ownPolicy} ${ownPolicy === 1 ? "property" : "properties"} on a policy of its own`}
        />
        <AdminOverviewCard
          href="/admin/sync"
          title="Sync"
          description="The daily pull of the reports into Daybook's own history: schedule, stored days, every pull."
          fact={
            run ? (
              <>
                Latest pull: {run.outcome}, <UtcInstant at={run.startedAt} />
              </>
            ) : (
              "No pull yet"
            )
          }
          warning={
            run?.outcome === "failed" || run?.outcome === "partial"
              ? "The latest pull did not store every report."
              : undefined
          }
        />
        <AdminOverviewCard
          href="/admin/mail"
          title="Mail"
          description="The morning digest and the alert e-mails: where they go, every recent send, a test e-mail."
          fact={mail.on ? `On; ${mail.counts.sent ?? 0} sent` : "Off: SMTP_URL is not set"}
          warning={
            mailFailed > 0
              ? `${mailFailed} ${mailFailed === 1 ? "message was" : "messages were"} refused for good.`
              : undefined
          }
        />
      </div>
    </>
  );
}
