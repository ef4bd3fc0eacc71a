import type { Metadata } from "next";
import { UpcomingScreen } from "@/components/layout/upcoming-screen";

export const metadata: Metadata = { title: "Admin" };

export default function Page() {
  return <UpcomingScreen title="Admin" purpose="Users, roles, property access, the API key and the audit log." />;
}
