"use client";

import { Button } from "./button";
import { Notice } from "./notice";

/** Shared body of every segment's error.tsx: says what failed and offers a retry. */
export function SegmentError({
  error,
  reset,
  what,
}: {
  error: Error & { digest?: string };
  reset: () => void;
  what: string;
}) {
  return (
    <div className="space-y-4">
      <Notice tone="error" title={`Daybook could not show ${what}`}>
        <p>Something went wrong on our side. Trying again usually helps.</p>
        {error.digest ? (
          <p className="mt-1">
            Reference for support: <code>{error.digest}</code>
          </p>
        ) : null}
      </Notice>
      <Button variant="primary" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
