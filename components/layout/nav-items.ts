import { SCREEN_ROLES, type Permission, type Role } from "@/lib/core/access";

export interface NavItem {
  href: string;
  label: string;
  /** Roles that may open it; absent: every signed-in person. */
  roles?: readonly Role[];
  /** A grant on top of the role that opens it (lib/core/access.ts `hasPermission`). */
  permission?: Permission;
  /** Pages elsewhere that belong to the section: its link is marked current on them too. */
  also?: readonly string[];
}

const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "Overview" },
  { href: "/guests", label: "Guests" },
  { href: "/criminal-arrivals", label: "Criminal arrivals" },
  { href: "/properties", label: "Properties", roles: SCREEN_ROLES.properties },
  { href: "/review", label: "Review", roles: SCREEN_ROLES.review },
  // Banned after the stay is one of the investigations' tabs (it kept its address).
  { href: "/investigations", label: "Investigations", also: ["/insights"] },
  { href: "/privacy/requests", label: "Privacy requests", permission: "privacy" },
  { href: "/admin", label: "Admin", roles: SCREEN_ROLES.admin },
  { href: "/status", label: "Status" },
];

/** `granted`: the permissions the person holds beyond their role. */
export function navItemsFor(role: Role, granted: Partial<Record<Permission, boolean>> = {}): NavItem[] {
  return NAV_ITEMS.filter(
    (item) => (!item.roles || item.roles.includes(role)) && (!item.permission || granted[item.permission] === true),
  );
}
