"use server";

import { ACTION_ROLES, ROLES } from "@/lib/core/access";
import { AppError } from "@/lib/core/errors";
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
      throw new AppError(
        503,
        "not_saved",
        "Daybook could not remember this choice; it applies until you leave the page.",
      );
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
      const reference = outcome.correlationId ? ` (correlation id ${outcome.correlationId})` : "";
      return { ok: false, code: "failed", message: `${outcome.message}${reference}` };
    }
    return { ok: true, data: { identificationNumber: outcome.identificationNumber } };
  },
  { audited: "guest.reveal_id" },
);
