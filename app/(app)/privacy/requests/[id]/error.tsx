"use client";

import { useTranslations } from "next-intl";

import { SegmentError } from "@/components/ui/segment-error";

export default function PrivacyRequestError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("privacy.request");
  return <SegmentError {...props} what={t("errorWhat")} />;
}
