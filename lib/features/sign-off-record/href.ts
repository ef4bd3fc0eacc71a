import type { ListRef } from "@/lib/features/review/list";

/** The record page of a list: the zone only where properties share the name, as the list keeps it. */
export function recordHref(list: ListRef): string {
  const params = new URLSearchParams({ property: list.propertyName, day: list.day });
  if (list.zone) params.set("zone", list.zone);
  return `/review/record?${params}`;
}

/** The PDF of the same record (app/api/export/sign-off-record). */
export function recordPdfHref(list: ListRef): string {
  const params = new URLSearchParams({ property: list.propertyName, day: list.day });
  if (list.zone) params.set("zone", list.zone);
  return `/api/export/sign-off-record?${params}`;
}
