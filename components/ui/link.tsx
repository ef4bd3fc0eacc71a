"use client";

// eslint-disable-next-line no-restricted-imports -- the one wrapper every other link goes through
import NextLink from "next/link";
import { useState, type ComponentProps } from "react";

/**
 * Next's link, prefetching its page when the person shows they may open it (the pointer over it, a
 * finger on it, keyboard focus) rather than when it comes into view. Every page is rendered per person
 * on the server: prefetching each link in sight made one page view cost the server the header's
 * sections, the person's menu and a list's every row as well. A link with `prefetch={false}` never
 * prefetches, as with Next's own.
 */
export function Link({ prefetch, onMouseEnter, onTouchStart, onFocus, ...props }: ComponentProps<typeof NextLink>) {
  const [intent, setIntent] = useState(false);
  const showIntent = () => setIntent(true);
  return (
    <NextLink
      {...props}
      // `null` is Next's default prefetch, which starts at once for a link already in view.
      prefetch={prefetch === false || !intent ? false : (prefetch ?? null)}
      onMouseEnter={(event) => {
        showIntent();
        onMouseEnter?.(event);
      }}
      onTouchStart={(event) => {
        showIntent();
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        showIntent();
        onFocus?.(event);
      }}
    />
  );
}
