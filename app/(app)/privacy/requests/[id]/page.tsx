import type { Metadata } from "next";
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
import { getRequest } from "@/lib/features/privacy-requests/server";
import { clientAddress } from "@/lib/server/audit/request";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export const metadata: Metadata = { title: "Privacy request" };

const requestId = z.coerce.number().int().positive().max(2_147_483_647);

export default async function PrivacyRequestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await requirePageViewer(`/privacy/requests/${encodeURIComponent(id)}`);
  if (!hasPermission(viewer, "privacy")) return <NoAccess title="Privacy request" permission />;
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
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/privacy/requests" className={buttonClass("link")}>
          ← All privacy requests
        </Link>
      </p>
      <PageHeader
        title={`Privacy request #${request.id}`}
        description="Where Daybook holds the person this request is for, found by the keyed hashes kept with it."
      />
      <div className="space-y-6">
        <RequestFacts request={request} />
        <RequestActions request={request} places={places} />
        <RequestPlaces places={places} />
      </div>
    </>
  );
}
