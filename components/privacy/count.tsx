"use client";

import { useFormat } from "@/lib/features/preferences/hooks";

/**
 * A count in the person's formats, for a server component that is handed no formatter (it is drawn
 * by a page of another screen): the browser's formatter is the one the server drew the page with.
 */
export function Count({ value }: { value: number }) {
  return useFormat().number(value);
}
