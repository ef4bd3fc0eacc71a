"use client";

import { useTranslations } from "next-intl";

import { SegmentError } from "@/components/ui/segment-error";

export default function MailError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("admin.mail");
  return <SegmentError {...props} what={t("what")} />;
}
