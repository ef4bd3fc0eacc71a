"use client";

import { SegmentError } from "@/components/ui/segment-error";

export default function MailError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError {...props} what="the mail's status" />;
}
