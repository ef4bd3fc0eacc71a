import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";

import { AppHeader } from "@/components/layout/app-header";
import { QueryProvider } from "@/components/layout/query-provider";
import { hasPermission } from "@/lib/core/access";
import { readTheme } from "@/lib/features/preferences/server";
import { getWaitingListCount } from "@/lib/features/review/server";
import { ACCOUNT_SETUP_PATH, getSignedIn } from "@/lib/server/auth/viewer";

/** The signed-in shell. Each page checks the session again itself: a layout is not re-run on every navigation. */
export default async function AppLayout({ children }: { children: ReactNode }) {
  const signedIn = await getSignedIn();
  if (!signedIn) redirect("/sign-in");
  // A new password or a second factor comes before anything else.
  if (signedIn.step) redirect(ACCOUNT_SETUP_PATH);
  const { viewer } = signedIn;
  const [reviewWaiting, theme, t] = await Promise.all([
    getWaitingListCount(viewer),
    readTheme(viewer.id),
    getTranslations("common"),
  ]);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow print:hidden"
      >
        {t("skipToContent")}
      </a>
      <AppHeader
        viewer={{ name: viewer.name, email: viewer.email, role: viewer.role }}
        reviewWaiting={reviewWaiting}
        privacyRequests={hasPermission(viewer, "privacy")}
        theme={theme}
      />
      <main id="main" className="mx-auto w-full max-w-[96rem] px-4 py-8 sm:px-6">
        <QueryProvider>{children}</QueryProvider>
      </main>
    </>
  );
}
