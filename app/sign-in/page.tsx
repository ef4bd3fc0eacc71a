import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { SignInForm } from "@/components/layout/sign-in-form";
import { cardClass } from "@/components/ui/card";
import { safeReturnPath } from "@/lib/server/auth/return-path";
import { accountSetupPath, getSignedIn } from "@/lib/server/auth/viewer";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string | string[] }>;
}) {
  const { callbackUrl } = await searchParams;
  const returnTo = safeReturnPath(callbackUrl);
  const signedIn = await getSignedIn();
  if (signedIn) redirect(signedIn.step ? accountSetupPath(returnTo) : returnTo);
  return (
    <main id="main" className="grid min-h-screen place-items-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-center gap-2 text-2xl font-semibold tracking-tight text-brand-900">
          <span aria-hidden className="grid size-9 place-items-center rounded-lg bg-brand-600 text-white">
            D
          </span>
          Daybook
        </div>
        <div className={`p-6 ${cardClass}`}>
          <h1 className="mb-1 text-lg font-semibold text-stone-900">Sign in</h1>
          <p className="mb-5 text-sm text-stone-600">Yesterday at your properties, every morning.</p>
          <SignInForm callbackUrl={returnTo} />
        </div>
      </div>
    </main>
  );
}
