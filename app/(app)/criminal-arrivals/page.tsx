import type { Metadata } from "next";
import { UpcomingScreen } from "@/components/layout/upcoming-screen";

export const metadata: Metadata = { title: "Criminal arrivals" };

export default function Page() {
  return <UpcomingScreen title="Criminal arrivals" purpose="Criminal and sex-offender matches, and which the desk acknowledged." />;
}
