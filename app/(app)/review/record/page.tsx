import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { notFound } from "next/navigation";

import { NoAccess } from "@/components/layout/no-access";
import { PrintButton } from "@/components/review/print-button";
import { SignOffRecord } from "@/components/review/sign-off-record";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { AppError } from "@/lib/core/errors";
import { getFormat } from "@/lib/features/preferences/server";
import { recordHref, recordPdfHref } from "@/lib/features/sign-off-record/href";
import { canHaveRecord, getSignOffRecord, listOfQuery, parseRecordQuery } from "@/lib/features/sign-off-record/server";
import { clientAddress } from "@/lib/server/audit/request";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("review.record"))("title") };
}

/** One criminal-arrival list's record as reviewed, to print or save as PDF; every view is audited (record.print). */
export default async function SignOffRecordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const raw = { property: first(params.property), day: first(params.day), zone: first(params.zone) };
  const viewer = await requirePageViewer(
    raw.property && raw.day
      ? recordHref({ propertyName: raw.property, day: raw.day, zone: raw.zone ?? null })
      : "/review",
  );
  const t = await getTranslations("review.record");
  if (!canHaveRecord(viewer.role)) return <NoAccess title={t("title")} />;

  const address = clientAddress(await headers());
  const parsed = await parseRecordQuery(viewer, raw, "print", address);
  if (!parsed.success) {
    return (
      <>
        <PageHeader title={t("title")} />
        <EmptyState title={t("cannotOpen")}>
          {t("cannotOpenBody", { reason: parsed.error.issues[0]?.message ?? t("giveList") })}
        </EmptyState>
      </>
    );
  }
  const list = listOfQuery(parsed.data);
  let view;
  const format = await getFormat();
  try {
    view = await getSignOffRecord(viewer, list, "print", address);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
  const back = new URLSearchParams({ day: list.day });
  if (!list.zone) back.set("property", list.propertyName);

  return (
    <div className="space-y-4">
      <nav aria-label={t("nav")} className="flex flex-wrap items-center gap-3 print:hidden">
        <Link href={`/criminal-arrivals?${back}`} className={`text-sm ${buttonClass("link")}`}>
          {t("back")}
        </Link>
        <span className="flex-1" />
        <PrintButton />
        {view.guestData === "kept" ? (
          <a href={recordPdfHref(list)} download className={buttonClass("secondary", "sm")} data-testid="record-pdf">
            {t("pdf")}
          </a>
        ) : null}
      </nav>
      <SignOffRecord view={view} format={format} />
    </div>
  );
}
