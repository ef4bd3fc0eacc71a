import type { ReactNode } from "react";

import { Link } from "@/components/ui/link";

import { buttonClass } from "./button";

/**
 * Previous and next page of a list, as plain links (a page works without script), with where the
 * reader is between them. A link that would lead nowhere is left out.
 */
export function Pager({
  label,
  previous,
  next,
  children,
}: {
  /** The navigation's name: "Unusual days pages". */
  label: string;
  previous: { href: string; text: string } | null;
  next: { href: string; text: string } | null;
  /** Where the reader is: "Page 2 of 5". */
  children: ReactNode;
}) {
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      {previous ? (
        <Link href={previous.href} className={buttonClass("secondary", "sm")}>
          <span aria-hidden>{"←"}</span>
          {previous.text}
        </Link>
      ) : null}
      {children}
      {next ? (
        <Link href={next.href} className={buttonClass("secondary", "sm")}>
          {next.text}
          <span aria-hidden>→</span>
        </Link>
      ) : null}
    </nav>
  );
}
