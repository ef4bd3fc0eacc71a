import type { ReactNode } from "react";

import { NavLink } from "./nav-link";

/**
 * A named row of navigation links that scrolls sideways on a narrow screen, the current page's link
 * marked. Its focus ring is drawn inside each link: the scrolling list would clip one drawn outside.
 */
export function NavList<T extends { href: string; label: string }>({
  label,
  items,
  root,
  className = "",
  listClassName = "",
  link,
  content = (item) => item.label,
}: {
  /** The navigation's accessible name: "Main", "Admin". */
  label: string;
  items: readonly T[];
  /** The section's own root link, current only on exactly that path. */
  root: string;
  /** Added to the `<nav>`'s and the `<ul>`'s own classes. */
  className?: string;
  listClassName?: string;
  /** Each link's classes, then those of the current page's link or of the others. */
  link: { className: string; current: string; other: string };
  /** What a link shows: its label by default. */
  content?: (item: T) => ReactNode;
}) {
  return (
    // On a phone the row fades out at its right edge: a cue that it scrolls sideways for more.
    <nav
      aria-label={label}
      className={`-mx-1 overflow-x-auto max-sm:[mask-image:linear-gradient(to_right,black_85%,transparent)] ${className}`}
    >
      <ul className={`flex gap-1 whitespace-nowrap ${listClassName}`}>
        {items.map((item) => (
          <li key={item.href}>
            <NavLink
              href={item.href}
              root={root}
              className={`${link.className} focus-visible:-outline-offset-2`}
              currentClassName={link.current}
              otherClassName={link.other}
            >
              {content(item)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
