import type { Metadata } from "next";

import { ChangePasswordForm } from "@/components/account/change-password-form";
import { TwoFactorSection } from "@/components/account/two-factor-section";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { getAccountSecurity } from "@/lib/features/account/server";
import { MIN_PASSWORD_LENGTH } from "@/lib/server/auth/password";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const viewer = await requirePageViewer("/account");
  const security = await getAccountSecurity(viewer);
  return (
    <>
      <PageHeader title="Account" description={`Your password and two-factor sign-in, for ${viewer.email}.`} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Password">
          <ChangePasswordForm minPasswordLength={MIN_PASSWORD_LENGTH} />
        </Card>
        <Card title="Two-factor sign-in">
          <TwoFactorSection security={security} />
        </Card>
      </div>
    </>
  );
}
