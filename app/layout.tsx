import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";

import { readTheme } from "@/lib/features/preferences/server";
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
 * already in the right colours, with no script: signed out, the page follows the system.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const viewer = await getViewer();
  const theme = await readTheme(viewer?.id ?? null);
  return (
    <html lang="en" data-theme={theme}>
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
