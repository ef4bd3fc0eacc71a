import type { Metadata } from "next";
import { NoAccess } from "@/components/layout/no-access";
import { UpcomingScreen } from "@/components/layout/upcoming-screen";
import { roleAllows, SCREEN_ROLES } from "@/lib/dal/roles";
import { requirePageViewer } from "@/lib/dal/viewer";

export const metadata: Metadata = { title: "Review" };

export default async function Page() {
  const viewer = await requirePageViewer("/review");
  if (!roleAllows(viewer.role, SCREEN_ROLES.review)) return <NoAccess title="Review" />;
  return <UpcomingScreen title="Review" purpose="Criminal-arrival lists waiting for a supervisor's sign-off." />;
}
