"use client";

import { useTranslations } from "next-intl";

import { SegmentError } from "@/components/ui/segment-error";

export default function ReviewError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("review");
  return <SegmentError {...props} what={t("errorWhat")} />;
}
