"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * A header's drop-down: a `<details>`, so it opens without script, closed again when the page
 * changes, on Escape (focus back on its button) and on a click elsewhere.
 */
export function HeaderMenu({
  summary,
  summaryClassName,
  className = "relative",
  panelClassName,
  testId,
  children,
}: {
  /** The button's content; its accessible name comes from here. */
  summary: ReactNode;
  summaryClassName: string;
  /** The details' classes; "relative" (the default) hangs the panel under the button. */
  className?: string;
  panelClassName: string;
  testId?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const pathname = usePathname();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, []);

  return (
    <details ref={ref} className={`group ${className}`} data-testid={testId}>
      <summary className={`cursor-pointer list-none [&::-webkit-details-marker]:hidden ${summaryClassName}`}>
        {summary}
      </summary>
      <div className={`absolute z-40 mt-2 rounded-lg border border-stone-200 bg-white p-2 shadow-lg ${panelClassName}`}>
        {children}
      </div>
    </details>
  );
}
