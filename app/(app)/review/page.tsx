import type { Metadata } from "next";
import { UpcomingScreen } from "@/components/layout/upcoming-screen";

export const metadata: Metadata = { title: "Review" };

export default function Page() {
  return <UpcomingScreen title="Review" purpose="Criminal-arrival lists waiting for a supervisor's sign-off." />;
}
