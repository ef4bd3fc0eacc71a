import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { CopyButton } from "@/components/ui/copy-button";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { describeApiErrorCode } from "@/lib/core/format";
import type { Failure, UpstreamFailure } from "@/lib/features/reports/types";

/**
 * What the notice reads of a `Failure`: the body's code and message and, of an upstream failure,
 * what support asks for (a connection test answers with no more than that).
 */
interface ShownFailure {
  error: Pick<Failure["error"], "code" | "message"> & {
    upstream?: Pick<UpstreamFailure, "status" | "code" | "detail" | "correlationId">;
  };
}

/** Failures the browser meets itself (no answer, an unreadable one): worded here rather than as sent. */
const OWN = ["offline", "unexpected_answer"] as const;
type Own = (typeof OWN)[number];
const isOwn = (code: string): code is Own => (OWN as readonly string[]).includes(code);

/** What the person can do about it, by the upstream code: the key of its sentence, if any. */
const GUIDANCE = {
  insufficient_scope: "insufficient_scope",
  property_not_found: "property_not_found",
  property_name_ambiguous: "property_name_ambiguous",
  rate_limit_exceeded: "rate_limit_exceeded",
  internal_error: "internal_error",
  timeout: "retriedSeveral",
  network_error: "retriedSeveral",
  contract_violation: "unreadable",
  malformed_body: "unreadable",
} as const;

/** What the person can do about it; admins and others are told different things for a rejected key. */
function Guidance({ code, isAdmin }: { code: string; isAdmin: boolean }) {
  const t = useTranslations("reports.failure.guidance");
  let help: ReactNode = null;
  if (code === "invalid_api_key") {
    help = isAdmin
      ? t.rich("invalid_api_key_admin", {
          link: (chunks) => (
            <Link href="/admin/api-key" className="underline">
              {chunks}
            </Link>
          ),
        })
      : t("invalid_api_key");
  } else if (code in GUIDANCE) {
    help = t(GUIDANCE[code as keyof typeof GUIDANCE]);
  }
  return help ? <p className="text-sm text-stone-700">{help}</p> : null;
}

/**
 * A failure in words, where what failed would have been: Daybook's own refusals by their code, and
 * an upstream one with the code and correlation id support will ask for, then (unless `guidance`
 * is off) what the person can do about it.
 */
export function FailureNotice({
  failure,
  what,
  isAdmin = false,
  guidance = true,
}: {
  failure: ShownFailure;
  /** What could not be loaded, in the person's language: "the usage summary". */
  what: string;
  isAdmin?: boolean;
  guidance?: boolean;
}) {
  const t = useTranslations("reports.failure");
  const errors = useTranslations("errors");
  const { code, message, upstream } = failure.error;
  if (code === "unauthenticated") {
    return (
      <Notice tone="warning" title={t("sessionEnded")}>
        {t.rich("signInAgain", {
          what,
          link: (chunks) => (
            <Link href="/sign-in" className="underline">
              {chunks}
            </Link>
          ),
        })}
      </Notice>
    );
  }
  if (code === "day_purged") {
    return (
      <Notice tone="info" title={t("dayPurged")}>
        {message}
      </Notice>
    );
  }
  if (code === "day_not_stored" || code === "invalid_day") {
    return (
      <Notice tone="warning" title={t("dayNotStored")}>
        {t("pickStoredDay", { message })}
      </Notice>
    );
  }
  if (!upstream) {
    return (
      <Notice tone="error" title={t("couldNotLoad", { what })}>
        {isOwn(code) ? t(`own.${code}`) : message}
      </Notice>
    );
  }
  return (
    <div className="space-y-2">
      <Notice tone="error" title={describeApiErrorCode(upstream.code, errors)}>
        <p>{upstream.detail}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="font-medium">{t("errorCode")}</dt>
          <dd>
            <code data-testid="error-code">{upstream.code}</code>
            {upstream.status !== null ? <span> {t("httpStatus", { status: String(upstream.status) })}</span> : null}
          </dd>
          {upstream.correlationId ? (
            <>
              <dt className="font-medium">{t("correlationId")}</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <code data-testid="correlation-id" className="break-all">
                  {upstream.correlationId}
                </code>
                <CopyButton value={upstream.correlationId} label={t("copy")} />
              </dd>
            </>
          ) : null}
        </dl>
      </Notice>
      {guidance ? <Guidance code={upstream.code} isAdmin={isAdmin} /> : null}
    </div>
  );
}
