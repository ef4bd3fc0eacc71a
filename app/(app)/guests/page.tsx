import type { Metadata } from "next";
import { UpcomingScreen } from "@/components/layout/upcoming-screen";

export const metadata: Metadata = { title: "Guests" };

export default function Page() {
  return <UpcomingScreen title="Guests" purpose="Yesterday's arrivals at your properties, with their screening outcomes." />;
}
