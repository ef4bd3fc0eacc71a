"use client";

import { useTranslations } from "next-intl";

import { SegmentError } from "@/components/ui/segment-error";

export default function CriminalArrivalsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("criminalArrivals.page");
  return <SegmentError {...props} what={t("errorWhat")} />;
}
