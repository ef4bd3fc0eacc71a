"use client";

import { useCallback, useState } from "react";

export type ArchiveDownload = { status: "idle" | "pending" } | { status: "failed"; message: string };

/**
 * Posts for a request's archive and saves it, so a refusal is shown in words beside the button
 * rather than as a page of its own, and the export (audited) never starts from a link.
 */
export function useRequestExport(requestId: number) {
  const [state, setState] = useState<ArchiveDownload>({ status: "idle" });
  const download = useCallback(async () => {
    setState({ status: "pending" });
    try {
      const response = await fetch(`/api/privacy/requests/${requestId}/export`, {
        method: "POST",
        credentials: "same-origin",
      });
      if (!response.ok) {
        const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        setState({
          status: "failed",
          message: answer?.error?.message ?? `The archive could not be made (HTTP ${response.status}). Try again.`,
        });
        return;
      }
      const disposition = response.headers.get("content-disposition") ?? "";
      const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `daybook-privacy-request-${requestId}.zip`;
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      // Freed once the browser has surely read the file (a download reads it after the click returns).
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState({ status: "idle" });
    } catch {
      setState({ status: "failed", message: "Daybook could not be reached. Try again." });
    }
  }, [requestId]);
  return { state, download };
}
