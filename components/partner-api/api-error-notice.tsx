import { CopyButton } from "@/components/ui/copy-button";
import { Notice } from "@/components/ui/notice";
import { describeApiErrorCode } from "@/lib/core/format";

export interface ApiErrorView {
  status: number | null;
  code: string;
  detail: string;
  correlationId: string | null;
}

/** An upstream failure in words, with the code and correlation id support will ask for. */
export function ApiErrorNotice({ error }: { error: ApiErrorView }) {
  return (
    <Notice tone="error" title={describeApiErrorCode(error.code)}>
      <p>{error.detail}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-medium">Error code</dt>
        <dd>
          <code data-testid="error-code">{error.code}</code>
          {error.status !== null ? <span> (HTTP {error.status})</span> : null}
        </dd>
        {error.correlationId ? (
          <>
            <dt className="font-medium">Correlation id</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <code data-testid="correlation-id" className="break-all">
                {error.correlationId}
              </code>
              <CopyButton value={error.correlationId} label="Copy" />
            </dd>
          </>
        ) : null}
      </dl>
    </Notice>
  );
}
