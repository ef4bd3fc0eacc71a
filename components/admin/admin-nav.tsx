import { NavList } from "@/components/ui/nav-list";

const SECTIONS = [
  { href: "/admin", label: "Overview" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/api-key", label: "API key" },
  { href: "/admin/security", label: "Security" },
  { href: "/admin/sign-in", label: "Sign-in" },
  { href: "/admin/audit", label: "Audit log" },
  { href: "/admin/privacy", label: "Privacy" },
  { href: "/admin/sync", label: "Sync" },
  { href: "/admin/mail", label: "Mail" },
] as const;

/** The admin sections as tabs. */
export function AdminNav() {
  return (
    <NavList
      label="Admin"
      items={SECTIONS}
      root="/admin"
      className="mb-4"
      listClassName="border-b border-stone-200 px-1"
      link={{
        className: "-mb-px block border-b-2 px-3 py-2 text-sm font-medium",
        current: "border-brand-600 text-brand-700",
        other: "border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900",
      }}
    />
  );
}
