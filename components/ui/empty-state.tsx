import type { ReactNode } from "react";

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-stone-300 bg-white px-6 py-10 text-center">
      <p className="font-medium text-stone-800">{title}</p>
      {children ? <div className="mx-auto mt-2 max-w-prose text-sm text-stone-600">{children}</div> : null}
    </div>
  );
}
