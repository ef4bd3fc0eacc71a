"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const SECTIONS = [
  { href: "/admin", label: "Overview" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/api-key", label: "API key" },
  { href: "/admin/audit", label: "Audit log" },
] as const;

function isCurrent(pathname: string, href: string) {
  return href === "/admin" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}

export function AdminNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Admin" className="-mx-1 mb-4 overflow-x-auto">
      <ul className="flex gap-1 whitespace-nowrap border-b border-stone-200 px-1">
        {SECTIONS.map((section) => {
          const current = isCurrent(pathname, section.href);
          return (
            <li key={section.href}>
              <Link
                href={section.href}
                aria-current={current ? "page" : undefined}
                className={
                  // Inset focus ring: the scrolling list would clip one drawn outside.
                  "-mb-px block border-b-2 px-3 py-2 text-sm font-medium focus-visible:-outline-offset-2 " +
                  (current
                    ? "border-brand-600 text-brand-700"
                    : "border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900")
                }
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
