import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { connection } from "next/server";
import { Suspense } from "react";

import { ConnectionCard } from "@/components/status/connection-card";
import { UpstreamStatusCard, UpstreamStatusSkeleton } from "@/components/status/upstream-status-card";
import { PageHeader } from "@/components/ui/page-header";
import type { PropertyScope } from "@/lib/core/access";
import { getFormat } from "@/lib/features/preferences/server";
import { getConnectionInfo, getUpstreamStatus } from "@/lib/features/reports/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { upstreamFailureForPage } from "@/lib/server/http/failure";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("status"))("title") };
}

export default async function StatusPage() {
  await connection();
  const viewer = await requirePageViewer("/status");
  const t = await getTranslations("status");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid gap-6">
        <ConnectionCard info={getConnectionInfo()} />
        <Suspense fallback={<UpstreamStatusSkeleton />}>
          <UpstreamStatusLoader scope={{ allProperties: viewer.allProperties, properties: viewer.properties }} />
        </Suspense>
      </div>
    </>
  );
}

/** Asks the Partner API, at request time, which properties the key reaches. */
async function UpstreamStatusLoader({ scope }: { scope: PropertyScope }) {
  await connection();
  const [status, format] = await Promise.all([getUpstreamStatus(scope), getFormat()]);
  return (
    <UpstreamStatusCard
      status={status.ok ? status : { ok: false, failure: upstreamFailureForPage(status.error) }}
      format={format}
    />
  );
}
