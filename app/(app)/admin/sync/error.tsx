"use client";

import { useTranslations } from "next-intl";

import { SegmentError } from "@/components/ui/segment-error";

export default function SyncError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("admin.sync");
  return <SegmentError {...props} what={t("what")} />;
}
