import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";

import { ConnectionCard } from "@/components/status/connection-card";
import { UpstreamStatusCard, UpstreamStatusSkeleton } from "@/components/status/upstream-status-card";
import { PageHeader } from "@/components/ui/page-header";
import { getConnectionInfo } from "@/lib/features/reports/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export const metadata: Metadata = { title: "Status" };

export default async function StatusPage() {
  await connection();
  const viewer = await requirePageViewer("/status");
  return (
    <>
      <PageHeader
        title="Status"
        description="Whether Daybook can reach the Partner Reporting API, and what its key can see."
      />
      <div className="grid gap-6">
        <ConnectionCard info={getConnectionInfo()} />
        <Suspense fallback={<UpstreamStatusSkeleton />}>
          <UpstreamStatusCard scope={{ allProperties: viewer.allProperties, properties: viewer.properties }} />
        </Suspense>
      </div>
    </>
  );
}
