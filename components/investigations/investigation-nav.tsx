import { NavList } from "@/components/ui/nav-list";
import { INVESTIGATION_LABELS, roleAllows, SCREEN_ROLES, type InvestigationScreen, type Role } from "@/lib/core/access";
import { investigationPath } from "@/lib/features/investigations/view";

/** Banned after the stay: one of the investigations, older than the section, so it kept its address. */
const BANNED_AFTER_STAY = { href: "/insights/banned-after-stay", label: "Banned after stay" };

/** The investigations the person's role opens, as tabs. */
export function InvestigationNav({ role, screens }: { role: Role; screens: readonly InvestigationScreen[] }) {
  const items = screens.map((screen) => ({ href: investigationPath(screen), label: INVESTIGATION_LABELS[screen] }));
  if (roleAllows(role, SCREEN_ROLES.insights)) items.push(BANNED_AFTER_STAY);
  return (
    <NavList
      label="Investigations"
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
