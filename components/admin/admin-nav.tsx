import { NavLink } from "@/components/ui/nav-link";

const SECTIONS = [
  { href: "/admin", label: "Overview" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/api-key", label: "API key" },
  { href: "/admin/audit", label: "Audit log" },
  { href: "/admin/sync", label: "Sync" },
] as const;

// Inset focus ring: the scrolling list would clip one drawn outside.
const TAB = "-mb-px block border-b-2 px-3 py-2 text-sm font-medium focus-visible:-outline-offset-2";

export function AdminNav() {
  return (
    <nav aria-label="Admin" className="-mx-1 mb-4 overflow-x-auto">
      <ul className="flex gap-1 border-b border-stone-200 px-1 whitespace-nowrap">
        {SECTIONS.map((section) => (
          <li key={section.href}>
            <NavLink
              href={section.href}
              root="/admin"
              className={TAB}
              currentClassName="border-brand-600 text-brand-700"
              otherClassName="border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900"
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
