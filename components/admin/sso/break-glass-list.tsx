import { useTranslations } from "next-intl";

import { Badge } from "@/components/ui/badge";
import type { SignInSettings } from "@/lib/features/sso/server";

import { BreakGlassToggle } from "./break-glass-toggle";

/** The enabled admins, each marked break-glass or not. */
export function BreakGlassList({ admins }: { admins: SignInSettings["admins"] }) {
  const t = useTranslations("admin.sso.breakGlass");
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-700">{t("rule")}</p>
      <ul aria-label={t("admins")} className="divide-y divide-stone-100 rounded-md border border-stone-200">
        {admins.map((admin) => (
          <li key={admin.id} className="px-3 py-2.5">
            <BreakGlassToggle id={admin.id} name={admin.name} breakGlass={admin.breakGlass}>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-stone-900">
                {admin.name}
                {admin.breakGlass ? <Badge tone="warning">{t("badge")}</Badge> : null}
              </p>
              <p className="text-sm [overflow-wrap:anywhere] text-stone-600">{admin.email}</p>
            </BreakGlassToggle>
          </li>
        ))}
      </ul>
    </div>
  );
}
