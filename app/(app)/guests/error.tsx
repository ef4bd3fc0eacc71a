"use client";

import { useTranslations } from "next-intl";

import { SegmentError } from "@/components/ui/segment-error";

export default function GuestsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("guests.page");
  return <SegmentError {...props} what={t("errorWhat")} />;
}
