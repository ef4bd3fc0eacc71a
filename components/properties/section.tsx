import type { ReactNode } from "react";

/** One section of the comparison: a titled region, as the Overview's sections look. */
export function ComparisonSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      data-testid={id}
      className="min-w-0 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={id} className="text-base font-semibold text-stone-900">
        {title}
      </h2>
      {description ? <div className="mt-1 mb-3 space-y-1 text-sm text-stone-600">{description}</div> : null}
      {children}
    </section>
  );
}
