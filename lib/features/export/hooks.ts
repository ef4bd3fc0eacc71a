"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";

import type { ExportTableName } from "./audit";

export type ExportDownload = { status: "idle" | "pending" } | { status: "failed"; message: string };

/** What a failed download says where the server gave no words of its own (`reports.export`). */
export interface DownloadWords {
  notMade: (status: number) => string;
  unreachable: string;
}

const ENGLISH: DownloadWords = {
  notMade: (status) => `The file could not be made (HTTP ${status}). Try again.`,
  unreachable: "Daybook could not be reached. Try again.",
};

/**
 * Posts to `url` and saves the file it is answered with, under the name the server gave (else
 * `fallbackName`): what a form sends travels in the request body, never in an address, and a
 * refusal comes back in words to show beside the button rather than as a page of its own.
 */
export async function postAndSave(
  url: string,
  body: URLSearchParams | undefined,
  fallbackName: string,
  words: DownloadWords = ENGLISH,
): Promise<ExportDownload> {
  try {
    const response = await fetch(url, { method: "POST", body, credentials: "same-origin" });
    if (!response.ok) {
      const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      return {
        status: "failed",
        message: answer?.error?.message ?? words.notMade(response.status),
      };
    }
    const disposition = response.headers.get("content-disposition") ?? "";
    const objectUrl = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = objectUrl;
    link.download = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
    document.body.append(link);
    link.click();
    link.remove();
    // Freed once the browser has surely read the file (a download reads it after the click returns).
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
    return { status: "idle" };
  } catch {
    return { status: "failed", message: words.unreachable };
  }
}

/** Posts an export's form (a guest search, a reason) and saves the CSV it is answered with. */
export function useExportDownload(table: ExportTableName) {
  const t = useTranslations("reports.export");
  const [state, setState] = useState<ExportDownload>({ status: "idle" });
  const download = useCallback(
    async (form: HTMLFormElement) => {
      setState({ status: "pending" });
      const body = new URLSearchParams();
      for (const [key, value] of new FormData(form)) if (typeof value === "string") body.append(key, value);
      const words = { notMade: (status: number) => t("notMade", { status }), unreachable: t("unreachable") };
      setState(await postAndSave(form.action, body, `daybook-${table}.csv`, words));
    },
    [table, t],
  );
  return { state, download };
}
