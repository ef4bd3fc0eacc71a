import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { ChangePasswordForm } from "@/components/account/change-password-form";
import { TwoFactorSection } from "@/components/account/two-factor-section";
import { Button } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { getAccountSecurity } from "@/lib/features/account/server";
import { signOutAction } from "@/lib/features/sign-in/actions";
import { MIN_PASSWORD_LENGTH } from "@/lib/server/auth/password";
import { safeReturnPath } from "@/lib/server/auth/return-path";
import { accountSetupPath, getSignedIn } from "@/lib/server/auth/viewer";

export const metadata: Metadata = { title: "Set up your account" };

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
  return (
    <main id="main" className="grid min-h-screen place-items-center px-4 py-12">
      <div className="w-full max-w-lg">
        <div className="mb-6 flex items-center justify-center gap-2 text-2xl font-semibold tracking-tight text-brand-900">
          <span aria-hidden className="grid size-9 place-items-center rounded-lg bg-brand-600 text-white">
            D
          </span>
          Daybook
        </div>
        <div className={`p-6 ${cardClass}`}>
          {step === "password" ? (
            <>
              <h1 className="mb-1 text-lg font-semibold text-stone-900">Choose your own password</h1>
              <p className="mb-5 text-sm text-stone-600">
                An admin set the password you signed in with. Choose one only you know before going on.
              </p>
              <ChangePasswordForm minPasswordLength={MIN_PASSWORD_LENGTH} continueTo={accountSetupPath(returnTo)} />
            </>
          ) : (
            <>
              <h1 className="mb-1 text-lg font-semibold text-stone-900">Set up two-factor sign-in</h1>
              <p className="mb-5 text-sm text-stone-600">
                Your role signs in with a code from an authenticator app as well as a password. Set it up before going
                on.
              </p>
              <TwoFactorSection security={await getAccountSecurity(viewer)} continueTo={returnTo} />
            </>
          )}
        </div>
        <form action={signOutAction} className="mt-4 text-center text-sm text-stone-600">
          Signed in as {viewer.email}.{" "}
          <Button type="submit" variant="link">
            Sign out
          </Button>
        </form>
      </div>
    </main>
  );
}
