"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

import { Link } from "@/components/ui/link";

/** Whether `href` is the page shown: a section's root matches only itself, other links their subpages too. */
function isCurrentPath(pathname: string, href: string, root = "/"): boolean {
  return href === root ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}

/** Whether the page shown is `href`'s or one of the other paths the link's section holds. */
function isCurrent(pathname: string, href: string, root: string | undefined, also: readonly string[]): boolean {
  return isCurrentPath(pathname, href, root) || also.some((path) => isCurrentPath(pathname, path));
}

/** A navigation link that marks itself as the current page, for assistive technology and for styling. */
export function NavLink({
  href,
  root,
  also = [],
  className,
  currentClassName,
  otherClassName,
  children,
}: {
  href: string;
  /** The section's own root link, current only on exactly that path. */
  root?: string;
  /** Pages elsewhere that belong to the link's section (and their subpages). */
  also?: readonly string[];
  className: string;
  currentClassName: string;
  otherClassName: string;
  children: ReactNode;
}) {
  const current = isCurrent(usePathname(), href, root, also);
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
