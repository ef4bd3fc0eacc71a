import Link from "next/link";

import { ApiErrorNotice } from "@/components/partner-api/api-error-notice";
import { Notice } from "@/components/ui/notice";
import type { ErrorBody } from "@/lib/features/reports/types";

export interface ReportErrorView {
  status: number;
  code: string;
  message: string;
  upstream?: ErrorBody["error"]["upstream"] | null;
}

/** What the person can do about it, by the upstream code; admins and others are told different things for a rejected key. */
function guidance(code: string, isAdmin: boolean) {
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

/** A report that could not be loaded, in words, where it would have been. */
export function ReportErrorNotice({
  error,
  isAdmin,
  what,
}: {
  error: ReportErrorView;
  isAdmin: boolean;
  what: string;
}) {
  if (error.code === "unauthenticated") {
    return (
      <Notice tone="warning" title="Your session has ended">
        <Link href="/sign-in" className="underline">
          Sign in again
        </Link>{" "}
        to see {what}.
      </Notice>
    );
  }
  if (error.code === "day_purged") {
    return (
      <Notice tone="info" title="Guest details of that day are no longer kept">
        {error.message}
      </Notice>
    );
  }
  if (error.code === "day_not_stored" || error.code === "invalid_day") {
    return (
      <Notice tone="warning" title="Daybook holds no copy of that day">
        {error.message} Pick a stored day above, or yesterday live from the Partner API.
      </Notice>
    );
  }
  if (!error.upstream) {
    return (
      <Notice tone="error" title={`Daybook could not load ${what}`}>
        {error.message}
      </Notice>
    );
  }
  const help = guidance(error.upstream.code, isAdmin);
  return (
    <div className="space-y-2">
      <ApiErrorNotice error={error.upstream} />
      {help ? <p className="text-sm text-stone-700">{help}</p> : null}
    </div>
  );
}
