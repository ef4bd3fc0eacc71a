import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { z } from "zod";

import { AccountStatusForm } from "@/components/admin/account-status-form";
import { AdminHeader } from "@/components/admin/admin-header";
import { EditUserForm } from "@/components/admin/edit-user-form";
import { ResetPasswordForm } from "@/components/admin/reset-password-form";
import { ResetSecondFactorForm } from "@/components/admin/reset-second-factor-form";
import { PersonAccessCard, showsSingleSignOn } from "@/components/admin/sso/person-access-card";
import { UnlockSignInForm } from "@/components/admin/unlock-sign-in-form";
import { StatusBadge } from "@/components/admin/users-table";
import { NoAccess } from "@/components/layout/no-access";
import { Card } from "@/components/ui/card";
import { EventInstant } from "@/components/ui/instants";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { getReachableProperties, propertyOptions } from "@/lib/features/admin/users";
import { getFormat } from "@/lib/features/preferences/server";
import { MIN_PASSWORD_LENGTH } from "@/lib/server/auth/password";
import { hasSecondFactor } from "@/lib/server/auth/second-factor";
import { identityOf } from "@/lib/server/auth/sso-accounts";
import { accountThrottle } from "@/lib/server/auth/throttle";
import { findUserById } from "@/lib/server/auth/users";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { getDb } from "@/lib/server/db";
import { upstreamFailureForPage } from "@/lib/server/http/failure";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("pageTitle", { title: t("account.title") }) };
}

const accountId = z.guid();

export default async function EditUserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await requirePageViewer(`/admin/users/${encodeURIComponent(id)}`);
  const t = await getTranslations("admin.account");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title={t("title")} />;
  // Not a uuid: the database would reject the query, and to the admin it is simply no such account.
  if (!accountId.safeParse(id).success) notFound();
  const db = await getDb();
  const [user, reachable, secondFactor, identity, format] = await Promise.all([
    findUserById(db, id),
    getReachableProperties(),
    hasSecondFactor(db, id),
    identityOf(db, id),
    getFormat(),
  ]);
  if (!user) notFound();
  const attempts = await accountThrottle(db, user.email);

  const isSelf = user.id === viewer.id;
  const disabled = user.disabledAt !== null;
  const { disabledAt } = user;
  const { waitUntil } = attempts;
  const options = propertyOptions(reachable.ok ? reachable.properties : null, user.properties);
  return (
    <>
      <AdminHeader
        title={user.name}
        back={{ href: "/admin/users", label: t("back") }}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="break-all">{user.email}</span>
            <StatusBadge disabled={disabled} />
            <span>
              {t.rich("created", {
                at: () => <time dateTime={user.createdAt.toISOString()}>{format.eventDay(user.createdAt)}</time>,
              })}
            </span>
            {isSelf ? <span className="font-medium">{t("yours")}</span> : null}
          </span>
        }
      />
      <div className="grid gap-6">
        <Card title={t("accessCard")}>
          <EditUserForm
            id={user.id}
            isSelf={isSelf}
            initial={{
              name: user.name,
              email: user.email,
              role: user.role,
              access: user.allProperties ? "all" : "selected",
              properties: options.filter((option) => option.checked).map((option) => option.name),
              permissions: user.permissions,
            }}
            options={options}
            upstreamError={reachable.ok ? null : upstreamFailureForPage(reachable.error)}
          />
        </Card>
        {showsSingleSignOn(user) || identity ? (
          <PersonAccessCard user={user} isSelf={isSelf} linkedAt={identity?.linkedAt ?? null} />
        ) : null}
        <Card title={disabled ? t("disabledCard") : t("disableCard")}>
          {disabled && disabledAt ? (
            <p className="mb-3 text-sm text-stone-700">
              {t.rich("disabledOn", {
                at: () => <time dateTime={disabledAt.toISOString()}>{format.eventDay(disabledAt)}</time>,
              })}
            </p>
          ) : null}
          <AccountStatusForm id={user.id} disabled={disabled} isSelf={isSelf} />
        </Card>
        <Card title={t("failedCard")}>
          <div className="space-y-3">
            <p className="text-sm text-stone-700" data-testid="sign-in-attempts">
              {attempts.failures === 0 ? (
                t("noFailures")
              ) : (
                <>
                  {t("failures", { count: attempts.failures })}{" "}
                  {waitUntil ? t.rich("paused", { at: () => <EventInstant at={waitUntil} /> }) : t("open")}
                </>
              )}
            </p>
            <UnlockSignInForm id={user.id} email={user.email} canUnlock={attempts.failures > 0} />
          </div>
        </Card>
        <Card title={t("passwordCard")}>
          <ResetPasswordForm id={user.id} isSelf={isSelf} minPasswordLength={MIN_PASSWORD_LENGTH} />
        </Card>
        <Card title={t("secondFactorCard")}>
          <ResetSecondFactorForm id={user.id} enabled={secondFactor} />
        </Card>
      </div>
    </>
  );
}
