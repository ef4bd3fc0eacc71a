import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { AdminHeader } from "@/components/admin/admin-header";
import { AdminOverviewCard } from "@/components/admin/admin-overview-card";
import { NoAccess } from "@/components/layout/no-access";
import { UnattendedNotice } from "@/components/review/unattended-notice";
import { EventInstant } from "@/components/ui/instants";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { getApiKeyStatus, keySource } from "@/lib/features/admin/api-key";
import { getMailSummary } from "@/lib/features/mail/server";
import { getFormat } from "@/lib/features/preferences/server";
import { getPrivacyAdmin } from "@/lib/features/privacy/server";
import { getUnattendedProperties } from "@/lib/features/review/server";
import { getLatestRun } from "@/lib/features/sync/server";
import { listAuditEvents } from "@/lib/server/audit/query";
import { listUsers } from "@/lib/server/auth/users";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { getDb } from "@/lib/server/db";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin.overview"))("title") };
}

// A pull's outcome by its key under admin.overview.sync.outcomes ("nothing new" is no key).
const PULL_OUTCOMES = {
  running: "running",
  stored: "stored",
  "nothing new": "nothingNew",
  partial: "partial",
  failed: "failed",
} as const;

export default async function AdminOverviewPage() {
  const viewer = await requirePageViewer("/admin");
  const t = await getTranslations("admin");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title={t("overview.title")} />;
  const db = await getDb();
  const [users, key, audit, run, mail, privacy, unattended, format] = await Promise.all([
    listUsers(db),
    getApiKeyStatus(),
    listAuditEvents(db, {}, { limit: 1 }),
    getLatestRun(),
    getMailSummary(),
    getPrivacyAdmin(),
    getUnattendedProperties(viewer),
    getFormat(),
  ]);
  const ownPolicy = privacy.assignments.filter((entry) => entry.policyId !== null).length;
  const mailFailed = mail.counts.failed ?? 0;
  const active = users.filter((user) => user.disabledAt === null).length;
  const disabled = users.length - active;
  const latest = audit.rows[0];
  const source = keySource(key);
  const sourceWords =
    source.kind === "stored"
      ? t("apiKey.sources.stored", { at: format.event(source.setAt) })
      : t(`apiKey.sources.${source.kind}`);
  return (
    <>
      <AdminHeader title={t("overview.title")} description={t("overview.description")} />
      {unattended?.length ? (
        <div className="mb-4">
          <UnattendedNotice names={unattended} canGrant />
        </div>
      ) : null}
      <div className="grid gap-4 md:grid-cols-3">
        <AdminOverviewCard
          href="/admin/users"
          title={t("users.title")}
          description={t("overview.users.description")}
          fact={t("overview.users.fact", { active, disabled })}
        />
        <AdminOverviewCard
          href="/admin/api-key"
          title={t("apiKey.title")}
          description={t("overview.apiKey.description")}
          fact={t("overview.apiKey.fact", { source: sourceWords, last4: key.last4 })}
          warning={key.unreadable ? t("overview.apiKey.unreadable") : undefined}
        />
        <AdminOverviewCard
          href="/admin/audit"
          title={t("audit.title")}
          description={t("overview.audit.description")}
          fact={
            latest
              ? t.rich("overview.audit.latest", { at: () => <EventInstant at={latest.at} /> })
              : t("overview.audit.none")
          }
        />
        <AdminOverviewCard
          href="/admin/privacy"
          title={t("privacy.title")}
          description={t("overview.privacy.description")}
          fact={t("overview.privacy.fact", { policies: privacy.policies.length, own: ownPolicy })}
        />
        <AdminOverviewCard
          href="/admin/sync"
          title={t("sync.title")}
          description={t("overview.sync.description")}
          fact={
            run
              ? t.rich("overview.sync.latest", {
                  outcome: t(`overview.sync.outcomes.${PULL_OUTCOMES[run.outcome]}`),
                  at: () => <EventInstant at={run.startedAt} />,
                })
              : t("overview.sync.none")
          }
          warning={run?.outcome === "failed" || run?.outcome === "partial" ? t("overview.sync.incomplete") : undefined}
        />
        <AdminOverviewCard
          href="/admin/mail"
          title={t("mail.title")}
          description={t("overview.mail.description")}
          fact={
            mail.on ? t("overview.mail.on", { sent: format.number(mail.counts.sent ?? 0) }) : t("overview.mail.off")
          }
          warning={mailFailed > 0 ? t("overview.mail.refused", { count: mailFailed }) : undefined}
        />
      </div>
    </>
  );
}
