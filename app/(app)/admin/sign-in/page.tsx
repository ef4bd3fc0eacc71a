import type { Metadata } from "next";

import { AdminHeader } from "@/components/admin/admin-header";
import { BreakGlassList } from "@/components/admin/sso/break-glass-list";
import { IdentityProviderCard } from "@/components/admin/sso/identity-provider-card";
import { MappingForm } from "@/components/admin/sso/mapping-form";
import { MappingsTable } from "@/components/admin/sso/mappings-table";
import { PolicyForm } from "@/components/admin/sso/policy-form";
import { NoAccess } from "@/components/layout/no-access";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { isSsoRefusal } from "@/lib/core/sso";
import { getReachableProperties, propertyOptions } from "@/lib/features/admin/users";
import { SSO_REFUSAL_WORDS } from "@/lib/features/sign-in/sso-words";
import { getSignInSettings, type SignInSettings } from "@/lib/features/sso/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { upstreamFailureForPage } from "@/lib/server/http/failure";

export const metadata: Metadata = { title: "Sign-in · Admin" };

export default async function SignInAdminPage({
  searchParams,
}: {
  searchParams: Promise<{ test?: string | string[] }>;
}) {
  const viewer = await requirePageViewer("/admin/sign-in");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title="Sign-in" />;
  const [settings, reachable, { test }] = await Promise.all([
    getSignInSettings(viewer),
    getReachableProperties(),
    searchParams,
  ]);
  const options = propertyOptions(reachable.ok ? reachable.properties : null, []);
  return (
    <>
      <AdminHeader
        title="Sign-in"
        description="Single sign-on through your identity provider (OpenID Connect): the connection, who may come in, and the access their groups give."
      />
      <div className="space-y-6">
        <TestOutcome test={test} settings={settings} />
        <IdentityProviderCard settings={settings} />
        <Card title="Who may come in">
          <PolicyForm policy={settings.policy} />
        </Card>
        <Card title="Group mappings">
          <div className="space-y-6">
            <p className="text-sm text-stone-700">
              Applied at every sign-in. When a person&apos;s groups give several roles, the one reaching furthest wins
              (Admin, Regional, Supervisor, Property manager), with the properties of every mapping of that role. Access
              an admin sets by hand on a person wins over the groups.
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
        <Card title="Break-glass admins">
          <BreakGlassList admins={settings.admins} />
        </Card>
      </div>
    </>
  );
}

/** How the admin's test through the provider ended, from the word the test's return address carries. */
function TestOutcome({ test, settings }: { test: string | string[] | undefined; settings: SignInSettings }) {
  if (test === "passed") {
    return (
      <Notice tone="info" title="Test passed">
        You signed in through the provider and came back.
        {settings.source === "stored" && !settings.enabled ? " You can switch single sign-on on." : null}
      </Notice>
    );
  }
  if (isSsoRefusal(test)) {
    // The refusal's title names the subject its body goes on about ("It answered with an error").
    const words = SSO_REFUSAL_WORDS[test];
    return (
      <Notice tone="error" title="The test did not pass">
        <p className="font-medium">{words.title}</p>
        <p>{words.body}</p>
      </Notice>
    );
  }
  return null;
}
