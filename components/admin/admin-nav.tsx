import { useTranslations } from "next-intl";

import { NavList } from "@/components/ui/nav-list";

// Each section's label is its key under admin.nav in the catalogue.
const SECTIONS = [
  { href: "/admin", key: "overview" },
  { href: "/admin/users", key: "users" },
  { href: "/admin/api-key", key: "apiKey" },
  { href: "/admin/security", key: "security" },
  { href: "/admin/sign-in", key: "signIn" },
  { href: "/admin/audit", key: "audit" },
  { href: "/admin/privacy", key: "privacy" },
  { href: "/admin/sync", key: "sync" },
  { href: "/admin/mail", key: "mail" },
] as const;

/** The admin sections as tabs. */
export function AdminNav() {
  const t = useTranslations("admin.nav");
  return (
    <NavList
      label={t("label")}
      items={SECTIONS.map(({ href, key }) => ({ href, label: t(key) }))}
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
