"use client";

import { useState } from "react";

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      onClick={async () => {
        await navigator.clipboard?.writeText(value);
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
      className="rounded border border-current/30 px-2 py-0.5 text-xs font-medium hover:bg-white/60"
    >
      {copied ? "Copied" : label}
      <span className="sr-only" aria-live="polite">
        {copied ? " to the clipboard" : ""}
      </span>
    </button>
  );
}
