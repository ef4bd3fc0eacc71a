"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useTranslations("ui.copy");
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
      {copied ? t("copied") : label}
      <span className="sr-only" aria-live="polite">
        {copied ? ` ${t("toClipboard")}` : ""}
      </span>
    </button>
  );
}
