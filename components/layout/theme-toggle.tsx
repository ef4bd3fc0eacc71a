"use client";

import { useTranslations } from "next-intl";
import { useActionState, type ReactNode } from "react";

import { saveTheme } from "@/lib/features/preferences/actions";
import { THEMES, type Theme } from "@/lib/features/preferences/theme";

const ICON = {
  "aria-hidden": true,
  className: "size-4 shrink-0",
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

const ICONS: Record<Theme, ReactNode> = {
  system: (
    <svg {...ICON}>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </svg>
  ),
  light: (
    <svg {...ICON}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  ),
  dark: (
    <svg {...ICON}>
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
    </svg>
  ),
};

/**
 * The person's theme: three submit buttons of one form, so that a choice is a plain form post even
 * before the page's script runs. The page is drawn again in the new theme when the answer comes;
 * `theme` is what the server drew this page with. Icons only, named for screen readers and on hover,
 * so that the header stays one line beside the navigation.
 */
export function ThemeToggle({ theme }: { theme: Theme }) {
  const t = useTranslations("common.theme");
  const [result, action, pending] = useActionState(saveTheme, null);
  return (
    <form action={action} className="flex items-center gap-2" aria-busy={pending}>
      <div
        role="group"
        aria-label={t("label")}
        className="inline-flex rounded-md border border-stone-300 bg-white p-0.5"
      >
        {THEMES.map((choice) => (
          <button
            key={choice}
            type="submit"
            name="theme"
            value={choice}
            aria-pressed={choice === theme}
            title={t(choice)}
            className="grid place-items-center rounded p-1.5 text-stone-600 hover:bg-stone-100 hover:text-stone-900 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
          >
            {ICONS[choice]}
            <span className="sr-only">{t(choice)}</span>
          </button>
        ))}
      </div>
      {result && !result.ok && !pending ? (
        <p role="alert" className="max-w-48 text-xs text-red-700">
          {result.message}
        </p>
      ) : null}
    </form>
  );
}
