"use client";

import { useTranslations } from "next-intl";

import { SegmentError } from "@/components/ui/segment-error";

export default function PrivacyRequestsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("privacy.requests");
  return <SegmentError {...props} what={t("errorWhat")} />;
}
