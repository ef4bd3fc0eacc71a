import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { cardClass } from "@/components/ui/card";

/**
 * A page outside the app's shell (sign-in, account set-up): Daybook's name over one card, with
 * `title` and `lead` at its top and `after` below it.
 */
export function OutsidePage({
  width,
  title,
  lead,
  children,
  after,
}: {
  width: "narrow" | "wide";
  title: string;
  lead: ReactNode;
  children: ReactNode;
  after?: ReactNode;
}) {
  const t = useTranslations("common");
  return (
    <main id="main" className="grid min-h-screen place-items-center px-4 py-12">
      <div className={`w-full ${width === "narrow" ? "max-w-sm" : "max-w-lg"}`}>
        <div className="mb-6 flex items-center justify-center gap-2 text-2xl font-semibold tracking-tight text-brand-900">
          <span aria-hidden className="grid size-9 place-items-center rounded-lg bg-brand-600 text-white">
            {t("brand").charAt(0)}
          </span>
          {t("brand")}
        </div>
        <div className={`p-6 ${cardClass}`}>
          <h1 className="mb-1 text-lg font-semibold text-stone-900">{title}</h1>
          <p className="mb-5 text-sm text-stone-600">{lead}</p>
          {children}
        </div>
        {after}
      </div>
    </main>
  );
}
