import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";

import { OutsidePage } from "@/components/layout/outside-page";
import { SignInForm } from "@/components/layout/sign-in-form";
import { signInSlowdown } from "@/lib/server/auth/address-delay";
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
  // Said before anyone signs in, so that a slow sign-in from a busy network is no surprise.
  const slowed = (await signInSlowdown(await headers())) ?? undefined;
  return (
    <OutsidePage width="narrow" title="Sign in" lead="Yesterday at your properties, every morning.">
      <SignInForm callbackUrl={returnTo} slowed={slowed} />
    </OutsidePage>
  );
}
