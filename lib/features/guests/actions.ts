"use server";

import { getTranslations } from "next-intl/server";

import { ACTION_ROLES, ROLES } from "@/lib/core/access";
import { AppError } from "@/lib/core/errors";
import { getFormat } from "@/lib/features/preferences/server";
import { auditContext } from "@/lib/server/audit/request";
import { authedAction } from "@/lib/server/http/action";
import { logFailure } from "@/lib/server/log";

import type { OptionalColumnId } from "./columns";
import { guestColumnsInputSchema, revealInputSchema } from "./schemas";
import { revealIdentificationNumber, writeGuestColumns } from "./server";

/** Remembers which optional columns of the guests table this person shows. */
export const saveGuestColumns = authedAction<typeof guestColumnsInputSchema, OptionalColumnId[]>(
  ROLES,
  guestColumnsInputSchema,
  async ({ visible }, viewer) => {
    try {
      await writeGuestColumns(viewer.id, visible);
    } catch (error) {
      logFailure("guests: saving the column choice", error);
      throw new AppError(503, "not_saved", (await getTranslations("guests.actions"))("notSaved"));
    }
    return { ok: true, data: visible };
  },
);

/** The full identification number of one arrival, for anyone who may see its property; audited. */
export const revealIdentification = authedAction<typeof revealInputSchema, { identificationNumber: string }>(
  ACTION_ROLES.revealIdentification,
  revealInputSchema,
  async (input, viewer) => {
    const outcome = await revealIdentificationNumber(viewer, input, await auditContext(viewer));
    if (!outcome.ok) {
      const [t, format] = await Promise.all([getTranslations("guests.actions"), getFormat()]);
      const message =
        outcome.reason === "limited"
          ? t("limited", {
              count: outcome.count ?? 0,
              at: outcome.retryAt ? format.clock(outcome.retryAt.toISOString(), format.eventZone) : "",
            })
          : t(outcome.reason);
      return {
        ok: false,
        code: "failed",
        message: outcome.correlationId
          ? t("withReference", { message, correlationId: outcome.correlationId })
          : message,
      };
    }
    return { ok: true, data: { identificationNumber: outcome.identificationNumber } };
  },
  { audited: "guest.reveal_id" },
);
