import type { Metadata } from "next";
import { UpcomingScreen } from "@/components/layout/upcoming-screen";
import { requirePageViewer } from "@/lib/dal/viewer";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  await requirePageViewer("/");
  return <UpcomingScreen title="Overview" purpose="Yesterday's usage: totals, alerts and warnings, property by property." />;
}
