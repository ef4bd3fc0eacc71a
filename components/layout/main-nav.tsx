import { NavLink } from "@/components/ui/nav-link";
import type { NavItem } from "./nav-items";

// Inset focus ring: the scrolling list would clip one drawn outside.
const LINK = "block rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:-outline-offset-2";

export function MainNav({ items }: { items: readonly NavItem[] }) {
  return (
    <nav aria-label="Main" className="-mx-1 overflow-x-auto">
      <ul className="flex gap-1 whitespace-nowrap">
        {items.map((item) => (
          <li key={item.href}>
            <NavLink
              href={item.href}
              root="/"
              className={LINK}
              currentClassName="bg-brand-50 text-brand-700"
              otherClassName="text-stone-600 hover:bg-stone-100 hover:text-stone-900"
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
