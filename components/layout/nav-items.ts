import { SCREEN_ROLES, type Permission, type Role } from "@/lib/core/access";
import type { Messages } from "@/lib/core/catalogue";

export type NavLabel = Exclude<keyof Messages["common"]["nav"], "main" | "more" | "menu" | "waiting" | "withCount">;

export interface NavItem {
  href: string;
  /** Its name in the catalogue, under `common.nav`. */
  label: NavLabel;
  /** Roles that may open it; absent: every signed-in person. */
  roles?: readonly Role[];
  /** A grant on top of the role that opens it (lib/core/access.ts `hasPermission`). */
  permission?: Permission;
  /** Pages elsewhere that belong to the section: its link is marked current on them too. */
  also?: readonly string[];
}

const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "overview" },
  { href: "/guests", label: "guests" },
  { href: "/criminal-arrivals", label: "criminalArrivals" },
  { href: "/properties", label: "properties", roles: SCREEN_ROLES.properties },
  { href: "/review", label: "review", roles: SCREEN_ROLES.review },
  // Banned after the stay is one of the investigations' tabs (it kept its address).
  { href: "/investigations", label: "investigations", also: ["/insights"] },
  { href: "/privacy/requests", label: "privacyRequests", permission: "privacy" },
  { href: "/admin", label: "admin", roles: SCREEN_ROLES.admin },
  { href: "/status", label: "status" },
];

/** `granted`: the permissions the person holds beyond their role. */
export function navItemsFor(role: Role, granted: Partial<Record<Permission, boolean>> = {}): NavItem[] {
  return NAV_ITEMS.filter(
    (item) => (!item.roles || item.roles.includes(role)) && (!item.permission || granted[item.permission] === true),
  );
}
