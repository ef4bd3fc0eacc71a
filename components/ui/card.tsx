import type { ReactNode } from "react";

export function Card({ title, children, className = "" }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-lg border border-stone-200 bg-white p-5 shadow-sm ${className}`} aria-label={title}>
      {title ? <h2 className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">{title}</h2> : null}
      {children}
    </section>
  );
}
