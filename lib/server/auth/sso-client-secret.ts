import { eq } from "drizzle-orm";

import { ssoSettings } from "@/lib/server/db/schema";
import type { SecretStore } from "@/lib/server/encryption/rotate";

/** The purpose the provider's client secret is sealed for: a key of its own (lib/server/encryption). */
export const CLIENT_SECRET_PURPOSE = "sso-client-secret";

/** The stored client secret, for `npm run rotate-encryption-key`. */
export const ssoClientSecrets: SecretStore = {
  name: "single sign-on client secret",
  purpose: CLIENT_SECRET_PURPOSE,
  list: async (db) => {
    const rows = await db
      .select({ id: ssoSettings.id, keyId: ssoSettings.secretKeyId, ciphertext: ssoSettings.clientSecret })
      .from(ssoSettings);
    return rows.flatMap((row) =>
      row.ciphertext ? [{ id: row.id, keyId: row.keyId, ciphertext: row.ciphertext }] : [],
    );
  },
  update: async (db, id, sealed) => {
    await db
      .update(ssoSettings)
      .set({ clientSecret: sealed.ciphertext, secretKeyId: sealed.keyId })
      .where(eq(ssoSettings.id, Number(id)));
  },
};
