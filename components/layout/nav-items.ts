export interface NavItem {
  href: string;
  label: string;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "Overview" },
  { href: "/guests", label: "Guests" },
  { href: "/criminal-arrivals", label: "Criminal arrivals" },
  { href: "/properties", label: "Properties" },
  { href: "/review", label: "Review" },
  { href: "/admin", label: "Admin" },
  { href: "/status", label: "Status" },
];
