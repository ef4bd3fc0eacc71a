"use client";

import { SegmentError } from "@/components/ui/segment-error";

export default function PrivacyRequestError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError {...props} what="this privacy request" />;
}
