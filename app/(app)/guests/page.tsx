import type { Metadata } from "next";
import { UpcomingScreen } from "@/components/layout/upcoming-screen";
import { requirePageViewer } from "@/lib/dal/viewer";

export const metadata: Metadata = { title: "Guests" };

export default async function Page() {
  await requirePageViewer("/guests");
  return <UpcomingScreen title="Guests" purpose="Yesterday's arrivals at your properties, with their screening outcomes." />;
}
