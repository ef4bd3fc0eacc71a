import type { useTranslations } from "next-intl";

import type { SharedRows } from "@/lib/core/property-names";

type CommonWords = ReturnType<typeof useTranslations<"common">>;

/** The one line under a table whose rows share property names, in the person's words; null: none shared. */
export function sharedRowsText(t: CommonWords, shared: SharedRows | null): string | null {
  if (!shared) return null;
  const names = shared.names.map((entry) => t("sharedRows.name", entry)).join(", ");
  return t("sharedRows.note", { names, placed: shared.placed });
}
