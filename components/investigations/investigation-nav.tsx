import { NavList } from "@/components/ui/nav-list";
import { INVESTIGATION_LABELS, type InvestigationScreen } from "@/lib/core/access";
import { investigationPath } from "@/lib/features/investigations/view";

/** The investigations the person may open, as tabs. */
export function InvestigationNav({ screens }: { screens: readonly InvestigationScreen[] }) {
  return (
    <NavList
      label="Investigations"
      items={screens.map((screen) => ({ href: investigationPath(screen), label: INVESTIGATION_LABELS[screen] }))}
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
