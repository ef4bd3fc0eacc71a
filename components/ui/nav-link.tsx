"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/** Whether `href` is the page shown: a section's root matches only itself, other links their subpages too. */
function isCurrentPath(pathname: string, href: string, root = "/"): boolean {
  return href === root ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}

/** A navigation link that marks itself as the current page, for assistive technology and for styling. */
export function NavLink({
  href,
  root,
  className,
  currentClassName,
  otherClassName,
  children,
}: {
  href: string;
  /** The section's own root link, current only on exactly that path. */
  root?: string;
  className: string;
  currentClassName: string;
  otherClassName: string;
  children: ReactNode;
}) {
  const current = isCurrentPath(usePathname(), href, root);
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={`${className} ${current ? currentClassName : otherClassName}`}
    >
      {children}
    </Link>
  );
}
