import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";

import { ChangePasswordForm } from "@/components/account/change-password-form";
import { TwoFactorSection } from "@/components/account/two-factor-section";
import { OutsidePage } from "@/components/layout/outside-page";
import { Button } from "@/components/ui/button";
import { getAccountSecurity } from "@/lib/features/account/server";
import { signOutAction } from "@/lib/features/sign-in/actions";
import { MIN_PASSWORD_LENGTH } from "@/lib/server/auth/password";
import { safeReturnPath } from "@/lib/server/auth/return-path";
import { accountSetupPath, getSignedIn } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account.setup"))("title") };
}

/**
 * What a person must do after signing in and before anything else: choose their own password when
 * an admin set it, then set up two-factor sign-in when their role requires it. Outside the app's
 * shell, which sends everyone with a step left here.
 */
export default async function AccountSetupPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string | string[] }>;
}) {
  const { callbackUrl } = await searchParams;
  const returnTo = safeReturnPath(callbackUrl);
  const signedIn = await getSignedIn();
  if (!signedIn) redirect(`/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
  if (!signedIn.step) redirect(returnTo);
  const { viewer, step } = signedIn;
  const t = await getTranslations("account.setup");
  const signOut = (
    <form action={signOutAction} className="mt-4 text-center text-sm text-stone-600">
      {t("signedInAs", { email: viewer.email })}{" "}
      <Button type="submit" variant="link">
        {t("signOut")}
      </Button>
    </form>
  );
  return step === "password" ? (
    <OutsidePage width="wide" title={t("passwordTitle")} lead={t("passwordLead")} after={signOut}>
      <ChangePasswordForm minPasswordLength={MIN_PASSWORD_LENGTH} continueTo={accountSetupPath(returnTo)} />
    </OutsidePage>
  ) : (
    <OutsidePage width="wide" title={t("twoFactorTitle")} lead={t("twoFactorLead")} after={signOut}>
      <TwoFactorSection security={await getAccountSecurity(viewer)} continueTo={returnTo} />
    </OutsidePage>
  );
}
