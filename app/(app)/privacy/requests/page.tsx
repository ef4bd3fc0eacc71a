import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { NoAccess } from "@/components/layout/no-access";
import { NewRequestForm } from "@/components/privacy/request-new-form";
import { RequestQueue } from "@/components/privacy/request-queue";
import { cardClass } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { hasPermission } from "@/lib/core/access";
import { getFormat } from "@/lib/features/preferences/server";
import { listRequests } from "@/lib/features/privacy-requests/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("privacy.requests"))("title") };
}

export default async function PrivacyRequestsPage() {
  const viewer = await requirePageViewer("/privacy/requests");
  const t = await getTranslations("privacy.requests");
  if (!hasPermission(viewer, "privacy")) return <NoAccess title={t("title")} permission />;
  const [requests, format] = await Promise.all([listRequests(viewer), getFormat()]);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-8">
        <RequestQueue requests={requests} format={format} />
        <div className={`${cardClass} p-5`}>
          <NewRequestForm today={new Date().toISOString().slice(0, 10)} />
        </div>
      </div>
    </>
  );
}
