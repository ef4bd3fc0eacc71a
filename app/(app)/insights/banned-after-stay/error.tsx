"use client";

import { useTranslations } from "next-intl";

import { SegmentError } from "@/components/ui/segment-error";

export default function BannedAfterStayError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("insights.bannedAfterStay");
  return <SegmentError {...props} what={t("error")} />;
}
