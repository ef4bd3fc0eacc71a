import { providerSignOutPage } from "@/lib/server/auth/sso-sign-out";

export const dynamic = "force-dynamic";

/** Ends the identity provider's session after Daybook's (lib/server/auth/sso-sign-out.ts). */
export function GET(request: Request): Promise<Response> {
  return providerSignOutPage(request);
}
