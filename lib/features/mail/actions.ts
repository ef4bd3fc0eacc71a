"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";

import { ROLES } from "@/lib/core/access";
import { AppError, type ActionResult } from "@/lib/core/errors";
import { textInput } from "@/lib/core/text-input";
import { clientAddress } from "@/lib/server/audit/request";
import { authedAction } from "@/lib/server/http/action";
import { actionFailure } from "@/lib/server/http/failure";
import { logFailure } from "@/lib/server/log";

import { mailSettingsFormSchema } from "./form";
import { saveMailSettings, sendTestMail, unsubscribeByLink } from "./server";
import { formatHour, type MailSettings } from "./settings";

/** The person's own mail settings: every role has them. Audited as "Changed their mail settings". */
export const saveMailSettingsAction = authedAction<typeof mailSettingsFormSchema, MailSettings>(
  ROLES,
  mailSettingsFormSchema,
  async (settings, viewer) => {
    try {
      await saveMailSettings(viewer, settings);
    } catch (error) {
      logFailure("mail: saving a person's settings", error);
      throw new AppError(503, "not_saved", "Daybook could not save your mail settings. Try again in a moment.");
    }
    revalidatePath("/settings");
    const digest = settings.digest ? `the daily digest from ${formatHour(settings.hour)}` : "no daily digest";
    const alerts = Object.values(settings.alerts).filter(Boolean).length;
    return {
      ok: true,
      data: settings,
      message: `Saved: ${digest}, ${alerts === 0 ? "no alert e-mails" : `${alerts} kind${alerts === 1 ? "" : "s"} of alert e-mail`}.`,
    };
  },
);

const noInput = z.object({});

export type TestMailStatus = Awaited<ReturnType<typeof sendTestMail>>;

/** Admin → Mail's "Send a test e-mail to me": sent at once, its outcome on the page and in the table. */
export const sendTestMailAction = authedAction<typeof noInput, TestMailStatus>(
  ["admin"],
  noInput,
  async (_input, viewer) => {
    const status = await sendTestMail(viewer);
    revalidatePath("/admin/mail");
    if (status === "sent") {
      return { ok: true, data: status, message: `The mail server accepted it for ${viewer.email}.` };
    }
    return {
      ok: false,
      code: "failed",
      message:
        status === "failed"
          ? "The mail server refused the test e-mail: its reply is in the table below."
          : "The mail server did not take the test e-mail yet: Daybook tries again; its reply is in the table below.",
    };
  },
);

const unsubscribeInput = z.object({ token: textInput().max(200) });

/**
 * The unsubscribe page's one button. No session: the signed link is the proof, and the person may
 * read their mail on a device where they never signed in. Next checks a server action's Origin, so
 * only the page itself posts here; a mail client's one-click post goes to /api/mail/unsubscribe.
 */
export async function unsubscribeAction(
  _previous: ActionResult<{ words: string }> | null,
  form: unknown,
): Promise<ActionResult<{ words: string }>> {
  // Anyone may post here: anything but the page's own form is answered as a link that is not valid.
  const parsed = unsubscribeInput.safeParse({ token: form instanceof FormData ? form.get("token") : undefined });
  if (!parsed.success) return { ok: false, code: "invalid", message: "This link is not valid." };
  try {
    const { words } = await unsubscribeByLink(parsed.data.token, clientAddress(await headers()));
    return { ok: true, data: { words } };
  } catch (error) {
    return actionFailure(error);
  }
}
