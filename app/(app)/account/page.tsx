import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { ChangePasswordForm } from "@/components/account/change-password-form";
import { TwoFactorSection } from "@/components/account/two-factor-section";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { getAccountSecurity } from "@/lib/features/account/server";
import { MIN_PASSWORD_LENGTH } from "@/lib/server/auth/password";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account.page"))("title") };
}

export default async function AccountPage() {
  const viewer = await requirePageViewer("/account");
  const [security, t] = await Promise.all([getAccountSecurity(viewer), getTranslations("account.page")]);
  return (
    <>
      <PageHeader title={t("title")} description={t("description", { email: viewer.email })} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t("password")}>
          <ChangePasswordForm minPasswordLength={MIN_PASSWORD_LENGTH} />
        </Card>
        <Card title={t("twoFactor")}>
          <TwoFactorSection security={security} />
        </Card>
      </div>
    </>
  );
}
