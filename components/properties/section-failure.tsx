import { ReportErrorNotice } from "@/components/reports/report-error-notice";
import type { Loaded } from "@/lib/features/reports/types";

/** A section whose figures could not be loaded, in words, where they would have been. */
export function SectionFailure({
  loaded,
  isAdmin,
  what,
}: {
  loaded: Extract<Loaded<unknown>, { ok: false }>;
  isAdmin: boolean;
  what: string;
}) {
  return (
    <div data-testid="section-error">
      <ReportErrorNotice
        error={{
          status: loaded.status,
          code: loaded.error.code,
          message: loaded.error.message,
          upstream: loaded.error.upstream ?? null,
        }}
        isAdmin={isAdmin}
        what={what}
      />
    </div>
  );
}
