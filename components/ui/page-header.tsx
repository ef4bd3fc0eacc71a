import type { ReactNode } from "react";

export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-semibold tracking-tight text-stone-900">{title}</h1>
      {description ? <p className="mt-1 max-w-3xl text-sm text-stone-600">{description}</p> : null}
    </div>
  );
}
