import type { ReactNode } from "react";

/** The white surface every panel, list entry and table box stands on; padding is the user's. */
export const cardClass = "rounded-lg border border-stone-200 bg-white shadow-sm";

/**
 * For a long section below the figures (a table of every property): the browser lays it out only
 * when it nears the screen, so a large group's first figures paint before its 200 rows are laid out
 * (a 400 ms style and layout task on the Overview otherwise). It stays in the page, found by search
 * and read by screen readers; until first shown it holds the space of a long table.
 */
export const belowFoldClass = "[content-visibility:auto] [contain-intrinsic-block-size:auto_1200px]";

export function Card({ title, children, className = "" }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={`${cardClass} p-5 ${className}`} aria-label={title}>
      {title ? <h2 className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">{title}</h2> : null}
      {children}
    </section>
  );
}
