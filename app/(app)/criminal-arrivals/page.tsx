import type { Metadata } from "next";
import { UpcomingScreen } from "@/components/layout/upcoming-screen";
import { requirePageViewer } from "@/lib/dal/viewer";

export const metadata: Metadata = { title: "Criminal arrivals" };

export default async function Page() {
  await requirePageViewer("/criminal-arrivals");
  return <UpcomingScreen title="Criminal arrivals" purpose="Criminal and sex-offender matches, and which the desk acknowledged." />;
}
