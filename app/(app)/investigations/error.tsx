"use client";

import { useTranslations } from "next-intl";

import { SegmentError } from "@/components/ui/segment-error";

export default function InvestigationsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("investigations");
  return <SegmentError {...props} what={t("error")} />;
}
