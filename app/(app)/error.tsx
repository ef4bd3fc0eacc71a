"use client";

import { useTranslations } from "next-intl";

import { SegmentError } from "@/components/ui/segment-error";

export default function RootError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("overview");
  return <SegmentError {...props} what={t("errorWhat")} />;
}
