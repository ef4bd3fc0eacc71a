import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";

import { HabitsProvider } from "@/components/layout/habits-provider";
import { readRequestLocale, readTheme } from "@/lib/features/preferences/server";
import { getViewer } from "@/lib/server/auth/viewer";

import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Daybook", template: "%s · Daybook" },
  description: "Yesterday at your properties: arrivals, screening matches and usage.",
  robots: { index: false, follow: false },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/**
 * The theme is drawn by the server on <html> (app/globals.css reads it), so the first paint is
 * already in the right colours, with no script: signed out, the page follows the system. The words
 * and formats are the person's (signed out: the browser's), given to client components as drawn here;
 * so is the person's own zone (UTC unless chosen), in which both sides draw Daybook's own events.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const viewer = await getViewer();
  const [theme, { language, region, hourCycle, weekStart, timeZone }] = await Promise.all([
    readTheme(viewer?.id ?? null),
    readRequestLocale(),
  ]);
  return (
    <html lang={language} data-theme={theme}>
      <body className="min-h-screen font-sans">
        <NextIntlClientProvider>
          <HabitsProvider habits={{ region, hourCycle, weekStart, timeZone }}>{children}</HabitsProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
