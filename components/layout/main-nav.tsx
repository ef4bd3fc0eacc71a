import { NavList } from "@/components/ui/nav-list";

import type { NavItem } from "./nav-items";

// Relative: a screen-reader-only text inside stays within the scrolling list instead of widening the
// page on a narrow screen.
const LINK = {
  className: "relative block rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
  current: "bg-brand-50 text-brand-700",
  other: "text-stone-600 hover:bg-stone-100 hover:text-stone-900",
};

/**
 * A link's label with a count beside it. The whole accessible name is one hidden-from-sight text
 * ("Review, 4 lists waiting"): pieces side by side would be read with a stray space before the comma.
 */
function LabelWithCount({ label, count }: { label: string; count: number }) {
  return (
    <>
      <span aria-hidden>{label}</span>
      <span
        aria-hidden
        className="ml-1.5 rounded-full bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900"
        data-testid="nav-count"
      >
        {count}
      </span>
      <span className="sr-only">{`${label}, ${count === 1 ? "1 list waiting" : `${count} lists waiting`}`}</span>
    </>
  );
}

/** `counts`: things waiting behind a link (by href), e.g. lists to sign off behind Review; 0 shows nothing. */
export function MainNav({ items, counts }: { items: readonly NavItem[]; counts?: Readonly<Record<string, number>> }) {
  return (
    <NavList
      label="Main"
      items={items}
      root="/"
      link={LINK}
      content={(item) =>
        counts?.[item.href] ? <LabelWithCount label={item.label} count={counts[item.href]!} /> : item.label
      }
    />
  );
}
