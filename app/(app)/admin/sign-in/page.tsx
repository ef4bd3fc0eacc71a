import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { AdminHeader } from "@/components/admin/admin-header";
import { BreakGlassList } from "@/components/admin/sso/break-glass-list";
import { IdentityProviderCard } from "@/components/admin/sso/identity-provider-card";
import { MappingForm } from "@/components/admin/sso/mapping-form";
import { MappingsTable } from "@/components/admin/sso/mappings-table";
import { PolicyForm } from "@/components/admin/sso/policy-form";
import { NoAccess } from "@/components/layout/no-access";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { roleAllows, ROLES, SCREEN_ROLES } from "@/lib/core/access";
import { isSsoRefusal } from "@/lib/core/sso";
import { getReachableProperties, propertyOptions } from "@/lib/features/admin/users";
import { ssoRefusalWords } from "@/lib/features/sign-in/sso-words";
import { getSignInSettings, type SignInSettings } from "@/lib/features/sso/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { upstreamFailureForPage } from "@/lib/server/http/failure";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("pageTitle", { title: t("signIn.title") }) };
}

export default async function SignInAdminPage({
  searchParams,
}: {
  searchParams: Promise<{ test?: string | string[] }>;
}) {
  const viewer = await requirePageViewer("/admin/sign-in");
  const [t, tCommon] = await Promise.all([getTranslations("admin.signIn"), getTranslations("common")]);
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title={t("title")} />;
  const [settings, reachable, { test }] = await Promise.all([
    getSignInSettings(viewer),
    getReachableProperties(),
    searchParams,
  ]);
  const options = propertyOptions(reachable.ok ? reachable.properties : null, []);
  return (
    <>
      <AdminHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <TestOutcome test={test} settings={settings} />
        <IdentityProviderCard settings={settings} />
        <Card title={t("policyCard")}>
          <PolicyForm policy={settings.policy} />
        </Card>
        <Card title={t("mappingsCard")}>
          <div className="space-y-6">
            <p className="text-sm text-stone-700">
              {t("mappingsExplained", {
                roles: [...ROLES]
                  .reverse()
                  .map((role) => tCommon(`roles.${role}`))
                  .join(", "),
              })}
            </p>
            <MappingsTable mappings={settings.mappings} />
            <div className="border-t border-stone-200 pt-5">
              <MappingForm
                options={options}
                upstreamError={reachable.ok ? null : upstreamFailureForPage(reachable.error)}
              />
            </div>
          </div>
        </Card>
        <Card title={t("breakGlassCard")}>
          <BreakGlassList admins={settings.admins} />
        </Card>
      </div>
    </>
  );
}

/** How the admin's test through the provider ended, from the word the test's return address carries. */
async function TestOutcome({ test, settings }: { test: string | string[] | undefined; settings: SignInSettings }) {
  const [t, tAccount] = await Promise.all([getTranslations("admin.signIn"), getTranslations("account")]);
  if (test === "passed") {
    return (
      <Notice tone="info" title={t("testPassed")}>
        {t("testPassedBody")}
        {settings.source === "stored" && !settings.enabled ? <> {t("canSwitchOn")}</> : null}
      </Notice>
    );
  }
  if (isSsoRefusal(test)) {
    // The refusal's title names the subject its body goes on about ("It answered with an error").
    const words = ssoRefusalWords(test, tAccount);
    return (
      <Notice tone="error" title={t("testFailed")}>
        <p className="font-medium">{words.title}</p>
        <p>{words.body}</p>
      </Notice>
    );
  }
  return null;
}
