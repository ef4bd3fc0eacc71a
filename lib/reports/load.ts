import "server-only";
import { failureOf } from "@/lib/api/handle-error";
import type { Loaded } from "./loaded";

/** Loads a report for a page's first paint; a failure is kept as data, for the screen to explain. */
export async function loadForPage<T>(load: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await load(), loadedAt: Date.now() };
  } catch (error) {
    const { status, body } = failureOf(error);
    return { ok: false, status, error: body.error, loadedAt: Date.now() };
  }
}
