import type { ReactNode } from "react";

/** The white surface every panel, list entry and table box stands on; padding is the user's. */
export const cardClass = "rounded-lg border border-stone-200 bg-white shadow-sm";

export function Card({ title, children, className = "" }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={`${cardClass} p-5 ${className}`} aria-label={title}>
      {title ? <h2 className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">{title}</h2> : null}
      {children}
    </section>
  );
}
