"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { authedAction } from "@/lib/actions/authed-action";
import { accessFromForm, createUserSchema } from "@/lib/admin/user-schemas";
import { recordAudit } from "@/lib/audit/record";
import { clientAddress } from "@/lib/auth/client-address";
import { getDb } from "@/lib/db";
import { DuplicateEmailError, insertUser } from "@/lib/users/repository";

export const createUser = authedAction(["admin"], createUserSchema, async (input, viewer) => {
  const db = await getDb();
  const access = accessFromForm(input);
  const audit = {
    action: "user.create" as const,
    actor: { id: viewer.id, email: viewer.email },
    target: input.email,
    clientAddress: clientAddress(await headers()),
  };
  let createdId: string;
  try {
    const user = await insertUser(db, { ...access, name: input.name, email: input.email, role: input.role, password: input.password });
    createdId = user.id;
  } catch (error) {
    if (!(error instanceof DuplicateEmailError)) throw error;
    await recordAudit(db, { ...audit, outcome: "failure", details: { reason: "duplicate e-mail" } });
    return {
      ok: false,
      code: "invalid",
      message: "Check the highlighted fields.",
      fieldErrors: { email: "An account with this e-mail already exists." },
    };
  }
  await recordAudit(db, { ...audit, details: { role: input.role, ...access } });
  revalidatePath("/admin/users");
  revalidatePath("/admin");
  redirect(`/admin/users?created=${createdId}`);
});
