import type { Metadata } from "next";

import { NoAccess } from "@/components/layout/no-access";
import { NewRequestForm } from "@/components/privacy/request-new-form";
import { RequestQueue } from "@/components/privacy/request-queue";
import { cardClass } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { hasPermission } from "@/lib/core/access";
import { listRequests } from "@/lib/features/privacy-requests/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export const metadata: Metadata = { title: "Privacy requests" };

export default async function PrivacyRequestsPage() {
  const viewer = await requirePageViewer("/privacy/requests");
  if (!hasPermission(viewer, "privacy")) return <NoAccess title="Privacy requests" permission />;
  const requests = await listRequests(viewer);
  return (
    <>
      <PageHeader
        title="Privacy requests"
        description="Guests' requests to see, erase or restrict what Daybook holds about them. Each is due a set number of days after it was received; open ones come first, overdue ones at the top."
      />
      <div className="space-y-8">
        <RequestQueue requests={requests} />
        <div className={`${cardClass} p-5`}>
          <NewRequestForm today={new Date().toISOString().slice(0, 10)} />
        </div>
      </div>
    </>
  );
}
