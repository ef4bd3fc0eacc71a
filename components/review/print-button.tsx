"use client";

import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { useHydrated } from "@/lib/features/reports/hooks";

/** Opens the browser's print dialog; the page's print styles leave the navigation and buttons off the paper. */
export function PrintButton() {
  const t = useTranslations("review.record");
  const hydrated = useHydrated();
  return (
    <Button variant="primary" size="sm" disabled={!hydrated} onClick={() => window.print()}>
      {t("print")}
    </Button>
  );
}
