"use client";

import { useTranslations } from "next-intl";

import { SegmentError } from "@/components/ui/segment-error";

export default function PropertiesError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("properties");
  return <SegmentError {...props} what={t("errorWhat")} />;
}
