"use client";

import { SegmentError } from "@/components/ui/segment-error";

export default function PrivacyRequestsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError {...props} what="the privacy requests" />;
}
