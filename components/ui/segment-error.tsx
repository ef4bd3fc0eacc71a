"use client";

import { useTranslations } from "next-intl";

import { Button } from "./button";
import { Notice } from "./notice";

/** Shared body of every segment's error.tsx: says what failed and offers a retry. */
export function SegmentError({
  error,
  reset,
  what,
}: {
  error: Error & { digest?: string };
  reset: () => void;
  /** What could not be shown, in the person's language: "yesterday's arrivals". */
  what: string;
}) {
  const t = useTranslations("ui.segmentError");
  return (
    <div className="space-y-4">
      <Notice tone="error" title={t("title", { what })}>
        <p>{t("body")}</p>
        {error.digest ? (
          <p className="mt-1">
            {t.rich("reference", { digest: error.digest, code: (chunks) => <code>{chunks}</code> })}
          </p>
        ) : null}
      </Notice>
      <Button variant="primary" onClick={reset}>
        {t("tryAgain")}
      </Button>
    </div>
  );
}
