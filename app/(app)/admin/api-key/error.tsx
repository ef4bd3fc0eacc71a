"use client";

import { useTranslations } from "next-intl";

import { SegmentError } from "@/components/ui/segment-error";

export default function ApiKeyError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("admin.apiKey");
  return <SegmentError {...props} what={t("what")} />;
}
