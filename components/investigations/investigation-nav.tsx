import { useTranslations } from "next-intl";

import { NavList } from "@/components/ui/nav-list";
import { roleAllows, SCREEN_ROLES, type InvestigationScreen, type Role } from "@/lib/core/access";
import { investigationPath, SCREEN_KEYS } from "@/lib/features/investigations/view";

/** The investigations the person's role opens, as tabs. */
export function InvestigationNav({ role, screens }: { role: Role; screens: readonly InvestigationScreen[] }) {
  const t = useTranslations("investigations.screens");
  const items = screens.map((screen) => ({ href: investigationPath(screen), label: t(SCREEN_KEYS[screen]) }));
  // Banned after the stay: one of the investigations, older than the section, so it kept its address.
  if (roleAllows(role, SCREEN_ROLES.insights))
    items.push({ href: "/insights/banned-after-stay", label: t("bannedAfterStay") });
  return (
    <NavList
      label={t("label")}
      items={items}
      root="/investigations"
      className="mb-4"
      listClassName="border-b border-stone-200 px-1"
      link={{
        className: "-mb-px block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap",
        current: "border-brand-600 text-brand-700",
        other: "border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900",
      }}
    />
  );
}
