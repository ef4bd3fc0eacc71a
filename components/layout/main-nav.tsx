import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { NavLink } from "@/components/ui/nav-link";

import { HeaderMenu } from "./header-menu";
import type { NavItem } from "./nav-items";

/** Tighter below 2xl: at 1280 px six sections and a waiting count of three digits fit beside the account's controls. */
const LINK = {
  className: "relative block rounded-md px-2.5 py-1.5 text-sm 2xl:px-3 font-medium whitespace-nowrap transition-colors",
  current: "bg-brand-50 text-brand-700",
  other: "text-stone-600 hover:bg-stone-100 hover:text-stone-900",
};

/**
 * How many of the person's sections the header shows in a row at each width; the rest are under
 * "More". Fixed per breakpoint rather than measured, so the first paint (on the server) is already
 * the one that stays, and the header keeps to one row from a tablet up.
 */
type Inline = { md: number; lg: number; xl: number; "2xl": number };
const INLINE: Inline = { md: 3, lg: 5, xl: 6, "2xl": 9 };

/**
 * At 1280 px the row beside the account's controls holds six sections, or five and "More" with a
 * waiting count beside it: a person with more sections than six (an admin's nine) has five in the row.
 */
function inlineFor(count: number): Inline {
  return count > INLINE.xl ? { ...INLINE, xl: INLINE.xl - 1 } : INLINE;
}

/** The classes of a section's link in the row, by its place: shown from the first width where it fits. */
function inlineClass(index: number, inline: Inline): string {
  if (index < inline.md) return "";
  if (index < inline.lg) return "hidden lg:block";
  if (index < inline.xl) return "hidden xl:block";
  if (index < inline["2xl"]) return "hidden 2xl:block";
  return "hidden";
}

/** The same section under "More": there exactly where the row leaves it out. */
function overflowClass(index: number, inline: Inline): string {
  if (index < inline.md) return "hidden";
  if (index < inline.lg) return "lg:hidden";
  if (index < inline.xl) return "xl:hidden";
  if (index < inline["2xl"]) return "2xl:hidden";
  return "";
}

/** "More" itself: shown at the widths where it holds something. */
function moreClass(count: number, inline: Inline): string {
  return [
    count > inline.md ? "block" : "hidden",
    count > inline.lg ? "lg:block" : "lg:hidden",
    count > inline.xl ? "xl:block" : "xl:hidden",
    count > inline["2xl"] ? "2xl:block" : "2xl:hidden",
  ].join(" ");
}

function Count({ count, className = "" }: { count: number; className?: string }) {
  return (
    <span
      aria-hidden
      className={`ml-1.5 rounded-full bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 ${className}`}
      data-testid="nav-count"
    >
      {count}
    </span>
  );
}

/**
 * A link's label with a count beside it. The whole accessible name is one hidden-from-sight text
 * ("Review, 4 lists waiting"): pieces side by side would be read with a stray space before the comma.
 */
function LabelWithCount({ label, count }: { label: string; count: number }) {
  const t = useTranslations("common.nav");
  return (
    <>
      <span aria-hidden>{label}</span>
      <Count count={count} />
      <span className="sr-only">{t("withCount", { label, waiting: t("waiting", { count }) })}</span>
    </>
  );
}

type Counts = Readonly<Record<string, number>>;

function SectionLink({ item, counts, className = "" }: { item: NavItem; counts?: Counts; className?: string }) {
  const t = useTranslations("common.nav");
  const count = counts?.[item.href];
  return (
    <NavLink
      href={item.href}
      root="/"
      also={item.also}
      className={`${LINK.className} focus-visible:-outline-offset-2 ${className}`}
      currentClassName={LINK.current}
      otherClassName={LINK.other}
    >
      {count ? <LabelWithCount label={t(item.label)} count={count} /> : t(item.label)}
    </NavLink>
  );
}

const SUMMARY =
  "flex items-center gap-1 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-stone-600 hover:bg-stone-100 hover:text-stone-900 group-open:bg-stone-100";

function Chevron() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className="size-4 transition-transform group-open:rotate-180">
      <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * The sections from a tablet's width up: as many in a row as the width holds, the rest under
 * "More" (whose button carries a waiting count that went under it). `counts`: things waiting
 * behind a link (by href), e.g. lists to sign off behind Review; 0 shows nothing.
 */
export function MainNav({ items, counts }: { items: readonly NavItem[]; counts?: Counts }) {
  const t = useTranslations("common.nav");
  const counted = items.findIndex((item) => (counts?.[item.href] ?? 0) > 0);
  const inline = inlineFor(items.length);
  return (
    <nav aria-label={t("main")} className="hidden min-w-0 md:block">
      <ul className="flex items-center gap-1">
        {items.map((item, index) => (
          <li key={item.href} className={inlineClass(index, inline)}>
            <SectionLink item={item} counts={counts} />
          </li>
        ))}
        {items.length > inline.md ? (
          <li className={moreClass(items.length, inline)}>
            <HeaderMenu
              testId="nav-more"
              summaryClassName={SUMMARY}
              panelClassName="right-0 w-56"
              summary={
                <>
                  {t("more")}
                  {counted >= inline.md ? (
                    <Count count={counts![items[counted]!.href]!} className={overflowClass(counted, inline)} />
                  ) : null}
                  <Chevron />
                </>
              }
            >
              <ul className="space-y-1">
                {items.map((item, index) => (
                  <li key={item.href} className={overflowClass(index, inline)}>
                    <SectionLink item={item} counts={counts} />
                  </li>
                ))}
              </ul>
            </HeaderMenu>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/**
 * On a phone, every section and the account's links behind one "Menu" button, rather than a row
 * that scrolls sideways out of sight. Its button carries the waiting count.
 */
export function PhoneMenu({
  items,
  counts,
  account,
}: {
  items: readonly NavItem[];
  counts?: Counts;
  /** The account's links and the theme, below the sections. */
  account: ReactNode;
}) {
  const t = useTranslations("common.nav");
  const total = Object.values(counts ?? {}).reduce((sum, count) => sum + count, 0);
  return (
    <HeaderMenu
      // Hung from the header rather than the button, so it spans the phone's width whatever the button's place.
      className="md:hidden"
      testId="phone-menu"
      summaryClassName={`${SUMMARY} border border-stone-300`}
      panelClassName="inset-x-4 top-full"
      summary={
        <>
          {t("menu")}
          {total > 0 ? (
            <>
              <Count count={total} />
              <span className="sr-only">{`, ${t("waiting", { count: total })}`}</span>
            </>
          ) : null}
          <Chevron />
        </>
      }
    >
      <nav aria-label={t("main")}>
        <ul className="space-y-1">
          {items.map((item) => (
            <li key={item.href}>
              <SectionLink item={item} counts={counts} />
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-2 border-t border-stone-200 pt-2">{account}</div>
    </HeaderMenu>
  );
}
