"use client";

import { useCallback, useState } from "react";

import type { ExportTableName } from "./audit";

export type ExportDownload = { status: "idle" | "pending" } | { status: "failed"; message: string };

/** The file name the server gave, else Daybook's pattern without a day. */
function fileNameOf(response: Response, table: ExportTableName): string {
  const disposition = response.headers.get("content-disposition") ?? "";
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? `daybook-${table}.csv`;
}

/**
 * Posts an export's form and saves the file it is answered with, so that its fields (a guest
 * search, a reason) travel in the request body and a refusal is shown in words beside the button
 * rather than as a page of its own.
 */
export function useExportDownload(table: ExportTableName) {
  const [state, setState] = useState<ExportDownload>({ status: "idle" });
  const download = useCallback(
    async (form: HTMLFormElement) => {
      setState({ status: "pending" });
      try {
        const body = new URLSearchParams();
        for (const [key, value] of new FormData(form)) if (typeof value === "string") body.append(key, value);
        const response = await fetch(form.action, { method: "POST", body, credentials: "same-origin" });
        if (!response.ok) {
          const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
          setState({
            status: "failed",
            message: answer?.error?.message ?? `The file could not be made (HTTP ${response.status}). Try again.`,
          });
          return;
        }
        const url = URL.createObjectURL(await response.blob());
        const link = document.createElement("a");
        link.href = url;
        link.download = fileNameOf(response, table);
        document.body.append(link);
        link.click();
        link.remove();
        // Freed once the browser has surely read the file (a download reads it after the click returns).
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
        setState({ status: "idle" });
      } catch {
        setState({ status: "failed", message: "Daybook could not be reached. Try again." });
      }
    },
    [table],
  );
  return { state, download };
}
