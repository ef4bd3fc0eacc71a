"use client";

import { useTranslations } from "next-intl";

import { SegmentError } from "@/components/ui/segment-error";

export default function PrivacyAdminError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("admin.privacy");
  return <SegmentError {...props} what={t("what")} />;
}
