import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { redirect } from "next/navigation";

import { OutsidePage } from "@/components/layout/outside-page";
import { SignInForm } from "@/components/layout/sign-in-form";
import { OrDivider, SsoRefusalNotice, SsoSignIn } from "@/components/layout/sso-sign-in";
import { isSsoRefusal } from "@/lib/core/sso";
import { signInSlowdown } from "@/lib/server/auth/address-delay";
import { safeReturnPath } from "@/lib/server/auth/return-path";
import { getSsoState } from "@/lib/server/auth/sso-settings";
import { accountSetupPath, getSignedIn } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account.signIn"))("title") };
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string | string[]; sso?: string | string[] }>;
}) {
  const { callbackUrl, sso } = await searchParams;
  const returnTo = safeReturnPath(callbackUrl);
  const signedIn = await getSignedIn();
  if (signedIn) redirect(signedIn.step ? accountSetupPath(returnTo) : returnTo);
  // Said before anyone signs in, so that a slow sign-in from a busy network is no surprise.
  const slowed = (await signInSlowdown(await headers())) ?? undefined;
  const state = await getSsoState();
  const refusal = isSsoRefusal(sso) ? sso : undefined;
  const provider = state.enabled && state.connection ? state.connection.label : null;
  const t = await getTranslations("account.signIn");
  const passwordForm = <SignInForm callbackUrl={returnTo} slowed={slowed} />;
  return (
    <OutsidePage width="narrow" title={t("title")} lead={t("lead")}>
      {provider ? (
        <>
          <SsoSignIn label={provider} callbackUrl={returnTo} refusal={refusal} />
          <OrDivider />
          {state.policy.passwordSignIn === "break_glass" ? (
            // Only break-glass admins sign in with a password: out of the way, still there when the provider is down.
            <details className="group text-sm">
              <summary className="cursor-pointer text-stone-700 underline-offset-2 hover:underline">
                {t("breakGlass")}
              </summary>
              <div className="mt-4">{passwordForm}</div>
            </details>
          ) : (
            passwordForm
          )}
        </>
      ) : (
        <>
          {refusal ? (
            <div className="mb-4">
              <SsoRefusalNotice refusal={refusal} />
            </div>
          ) : null}
          {passwordForm}
        </>
      )}
    </OutsidePage>
  );
}
