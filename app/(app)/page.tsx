import type { Metadata } from "next";
import { UpcomingScreen } from "@/components/layout/upcoming-screen";

export const metadata: Metadata = { title: "Overview" };

export default function OverviewPage() {
  return <UpcomingScreen title="Overview" purpose="Yesterday's usage: totals, alerts and warnings, property by property." />;
}
