import type { Metadata } from "next";
import { NoAccess } from "@/components/layout/no-access";
import { UpcomingScreen } from "@/components/layout/upcoming-screen";
import { roleAllows, SCREEN_ROLES } from "@/lib/dal/roles";
import { requirePageViewer } from "@/lib/dal/viewer";

export const metadata: Metadata = { title: "Properties" };

export default async function Page() {
  const viewer = await requirePageViewer("/properties");
  if (!roleAllows(viewer.role, SCREEN_ROLES.properties)) return <NoAccess title="Properties" />;
  return <UpcomingScreen title="Properties" purpose="Your properties side by side, and over time." />;
}
