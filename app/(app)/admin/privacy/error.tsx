"use client";

import { SegmentError } from "@/components/ui/segment-error";

export default function PrivacyAdminError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError {...props} what="the privacy policies" />;
}
