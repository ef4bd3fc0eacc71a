"use client";

import { useCallback, useState } from "react";

import { postAndSave, type ExportDownload } from "@/lib/features/export/hooks";

/** Posts for a request's archive and saves it: the export (audited) never starts from a link. */
export function useRequestExport(requestId: number) {
  const [state, setState] = useState<ExportDownload>({ status: "idle" });
  const download = useCallback(async () => {
    setState({ status: "pending" });
    setState(
      await postAndSave(
        `/api/privacy/requests/${requestId}/export`,
        undefined,
        `daybook-privacy-request-${requestId}.zip`,
      ),
    );
  }, [requestId]);
  return { state, download };
}
