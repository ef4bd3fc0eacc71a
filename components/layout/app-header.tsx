import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import type { Role } from "@/lib/core/access";
import type { Theme } from "@/lib/features/preferences/theme";
import { signOutAction } from "@/lib/features/sign-in/actions";

import { MainNav, PhoneMenu } from "./main-nav";
import { navItemsFor } from "./nav-items";
import { ThemeToggle } from "./theme-toggle";

const ACCOUNT_LINK = "font-medium whitespace-nowrap text-brand-700 underline-offset-2 hover:underline";

/**
 * `reviewWaiting`: the lists waiting for a supervisor's sign-off, shown on the Review link (null: not
 * shown). `theme`: the person's choice, which the toggle shows as pressed.
 */
export function AppHeader({
  viewer,
  reviewWaiting = null,
  privacyRequests = false,
  theme,
}: {
  viewer: { name: string; email: string; role: Role };
  reviewWaiting?: number | null;
  /** Whether the person may answer guests' privacy requests: the navigation shows the screen. */
  privacyRequests?: boolean;
  theme: Theme;
}) {
  const t = useTranslations("common");
  const items = navItemsFor(viewer.role, { privacy: privacyRequests });
  const counts = reviewWaiting === null ? undefined : { "/review": reviewWaiting };
  const accountLinks = (className: string) => (
    <nav aria-label={t("account.label")} className={className}>
      <Link href="/account" className={ACCOUNT_LINK}>
        {t("account.account")}
      </Link>
      <Link href="/settings" className={ACCOUNT_LINK}>
        {t("account.settings")}
      </Link>
    </nav>
  );
  return (
    <header className="border-b border-stone-200 bg-white print:hidden">
      {/* One row at every width: sections beyond the row's room go under "More", on a phone under "Menu". */}
      <div className="relative mx-auto flex w-full max-w-[96rem] items-center gap-x-4 px-4 py-3 sm:px-6 lg:gap-x-6">
        <Link href="/" className="flex shrink-0 items-center gap-2 text-lg font-semibold tracking-tight text-brand-900">
          <span aria-hidden className="grid size-7 place-items-center rounded-md bg-brand-600 text-sm text-white">
            D
          </span>
          {/* On a phone the mark alone, so that a longer word for "Sign out" or a waiting count still fits the row. */}
          <span className="max-sm:sr-only">{t("brand")}</span>
        </Link>
        <MainNav items={items} counts={counts} />
        <div className="ml-auto flex shrink-0 items-center gap-3 text-sm">
          <span className="hidden text-right leading-tight md:block">
            <span className="block max-w-40 truncate font-medium text-stone-800" data-testid="signed-in-as">
              {viewer.name}
            </span>
            <span className="block text-xs text-stone-500">{t(`roles.${viewer.role}`)}</span>
          </span>
          {accountLinks("hidden items-center gap-3 md:flex")}
          <div className="hidden md:block">
            <ThemeToggle theme={theme} />
          </div>
          <PhoneMenu
            items={items}
            counts={counts}
            account={
              <div className="flex flex-wrap items-center justify-between gap-3 px-3 py-1.5 text-sm">
                {accountLinks("flex items-center gap-4")}
                <ThemeToggle theme={theme} />
              </div>
            }
          />
          <form action={signOutAction}>
            <Button type="submit" size="sm" className="whitespace-nowrap">
              {t("account.signOut")}
            </Button>
          </form>
        </div>
      </div>
    </header>
  );
}
