import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { z } from "zod";

import { NoAccess } from "@/components/layout/no-access";
import { RequestActions } from "@/components/privacy/request-actions";
import { RequestFacts } from "@/components/privacy/request-facts";
import { RequestPlaces } from "@/components/privacy/request-places";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { hasPermission } from "@/lib/core/access";
import { AppError } from "@/lib/core/errors";
import { getFormat } from "@/lib/features/preferences/server";
import { getRequest } from "@/lib/features/privacy-requests/server";
import { clientAddress } from "@/lib/server/audit/request";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("privacy.request"))("title") };
}

const requestId = z.coerce.number().int().positive().max(2_147_483_647);

export default async function PrivacyRequestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await requirePageViewer(`/privacy/requests/${encodeURIComponent(id)}`);
  const t = await getTranslations("privacy.request");
  if (!hasPermission(viewer, "privacy")) return <NoAccess title={t("title")} permission />;
  const parsed = requestId.safeParse(id);
  if (!parsed.success) notFound();
  let found: Awaited<ReturnType<typeof getRequest>>;
  try {
    found = await getRequest(viewer, parsed.data, { clientAddress: clientAddress(await headers()) });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
  const { request, places } = found;
  const format = await getFormat();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/privacy/requests" className={buttonClass("link")}>
          {t("back")}
        </Link>
      </p>
      <PageHeader title={t("titleWithId", { id: request.id })} description={t("description")} />
      <div className="space-y-6">
        <RequestFacts request={request} format={format} />
        <RequestActions request={request} places={places} />
        <RequestPlaces places={places} format={format} />
      </div>
    </>
  );
}
