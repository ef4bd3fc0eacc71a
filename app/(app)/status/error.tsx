"use client";

import { useTranslations } from "next-intl";

import { SegmentError } from "@/components/ui/segment-error";

export default function StatusError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("status");
  return <SegmentError {...props} what={t("errorWhat")} />;
}
