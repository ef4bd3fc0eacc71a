import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { Card } from "@/components/ui/card";
import { Link } from "@/components/ui/link";

export function AdminOverviewCard({
  href,
  title,
  description,
  fact,
  warning,
}: {
  href: string;
  title: string;
  description: string;
  fact: ReactNode;
  warning?: string;
}) {
  const t = useTranslations("admin.overview");
  return (
    <Card className="flex flex-col">
      <h2 className="text-lg font-semibold text-stone-900">
        <Link href={href} className="text-brand-700 underline-offset-2 hover:underline">
          {title}
          <span aria-hidden> →</span>
        </Link>
      </h2>
      <p className="mt-1 text-sm text-stone-600">{description}</p>
      <p className="mt-4 text-sm font-medium text-stone-800">{fact}</p>
      {warning ? (
        <p className="mt-2 text-sm font-medium text-amber-800">
          <span aria-hidden>{"⚠ "}</span>
          {t("warning", { warning })}
        </p>
      ) : null}
    </Card>
  );
}
