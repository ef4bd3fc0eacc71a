import type { Metadata } from "next";
import { UpcomingScreen } from "@/components/layout/upcoming-screen";

export const metadata: Metadata = { title: "Properties" };

export default function Page() {
  return <UpcomingScreen title="Properties" purpose="Your properties side by side, and over time." />;
}
