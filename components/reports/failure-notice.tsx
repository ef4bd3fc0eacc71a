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

/** What the person can do about it, by the upstream code; admins and others are told different things for a rejected key. */
function guidanceFor(code: string, isAdmin: boolean) {
  switch (code) {
    case "invalid_api_key":
      return isAdmin ? (
        <>
          The key may have been replaced by the API operator. Set the new one in{" "}
          <Link href="/admin/api-key" className="underline">
            Admin → API key
          </Link>
          .
        </>
      ) : (
        "Ask your Daybook admin to check the API key."
      );
    case "insufficient_scope":
      return "Daybook's key is not enabled for this report; the other sections still work. The API operator can enable it.";
    case "property_not_found":
      return "Check the spelling; the name must be whole (casing and spaces do not matter).";
    case "property_name_ambiguous":
      return "Several of your properties share this name, so it cannot pick one. Clear the filter to see them all.";
    case "rate_limit_exceeded":
      return "Daybook waited and retried, but the API stayed busy. Try again in a minute.";
    case "internal_error":
      return "Daybook retried once. If it keeps happening, quote the correlation id to the API's support.";
    case "timeout":
    case "network_error":
      return "Daybook retried several times. Try again shortly.";
    case "contract_violation":
    case "malformed_body":
      return "Daybook will not show a report it cannot read correctly. Quote the correlation id to the API's support.";
    default:
      return null;
  }
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
  /** What could not be loaded: "the usage summary". */
  what: string;
  isAdmin?: boolean;
  guidance?: boolean;
}) {
  const { code, message, upstream } = failure.error;
  if (code === "unauthenticated") {
    return (
      <Notice tone="warning" title="Your session has ended">
        <Link href="/sign-in" className="underline">
          Sign in again
        </Link>{" "}
        to see {what}.
      </Notice>
    );
  }
  if (code === "day_purged") {
    return (
      <Notice tone="info" title="Guest details of that day are no longer kept">
        {message}
      </Notice>
    );
  }
  if (code === "day_not_stored" || code === "invalid_day") {
    return (
      <Notice tone="warning" title="Daybook holds no copy of that day">
        {message} Pick a stored day above, or yesterday live from the Partner API.
      </Notice>
    );
  }
  if (!upstream) {
    return (
      <Notice tone="error" title={`Daybook could not load ${what}`}>
        {message}
      </Notice>
    );
  }
  const help = guidance ? guidanceFor(upstream.code, isAdmin) : null;
  return (
    <div className="space-y-2">
      <Notice tone="error" title={describeApiErrorCode(upstream.code)}>
        <p>{upstream.detail}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="font-medium">Error code</dt>
          <dd>
            <code data-testid="error-code">{upstream.code}</code>
            {upstream.status !== null ? <span> (HTTP {upstream.status})</span> : null}
          </dd>
          {upstream.correlationId ? (
            <>
              <dt className="font-medium">Correlation id</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <code data-testid="correlation-id" className="break-all">
                  {upstream.correlationId}
                </code>
                <CopyButton value={upstream.correlationId} label="Copy" />
              </dd>
            </>
          ) : null}
        </dl>
      </Notice>
      {help ? <p className="text-sm text-stone-700">{help}</p> : null}
    </div>
  );
}
