import Link from "next/link";

import { Button } from "@/components/ui/button";
import { ROLE_LABELS, type Role } from "@/lib/core/access";
import type { Theme } from "@/lib/features/preferences/theme";
import { signOutAction } from "@/lib/features/sign-in/actions";

import { MainNav } from "./main-nav";
import { navItemsFor } from "./nav-items";
import { ThemeToggle } from "./theme-toggle";

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
  return (
    <header className="border-b border-stone-200 bg-white print:hidden">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-8 gap-y-3 px-4 py-3 sm:px-6">
        <Link href="/" className="flex items-center gap-2 text-lg font-semibold tracking-tight text-brand-900">
          <span aria-hidden className="grid size-7 place-items-center rounded-md bg-brand-600 text-sm text-white">
            D
          </span>
          Daybook
        </Link>
        <div className="order-last w-full sm:order-none sm:w-auto sm:flex-1">
          <MainNav
            items={navItemsFor(viewer.role, { privacy: privacyRequests })}
            counts={reviewWaiting === null ? undefined : { "/review": reviewWaiting }}
          />
        </div>
        <div className="ml-auto flex items-center gap-3 text-sm">
          <span className="hidden text-right leading-tight md:block">
            <span className="block font-medium text-stone-800" data-testid="signed-in-as">
              {viewer.name}
            </span>
            <span className="block text-xs text-stone-500">{ROLE_LABELS[viewer.role]}</span>
          </span>
          <nav aria-label="Your account" className="flex items-center gap-3">
            <Link href="/account" className="font-medium text-brand-700 underline-offset-2 hover:underline">
              Account
            </Link>
            <Link href="/settings" className="font-medium text-brand-700 underline-offset-2 hover:underline">
              Settings
            </Link>
          </nav>
          <ThemeToggle theme={theme} />
          <form action={signOutAction}>
            <Button type="submit" size="sm">
              Sign out
            </Button>
          </form>
        </div>
      </div>
    </header>
  );
}
