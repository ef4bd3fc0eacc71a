import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";

export interface SigningKey {
  /** The public and private halves, as oidc-provider's `jwks` takes them. */
  jwk: JWK & { kid: string };
  /** The same private key, for re-signing an ID token in the wrong-audience fault mode. */
  privateKey: CryptoKey;
}

let processKey: Promise<SigningKey> | undefined;

/**
 * One RS256 key pair for the whole process: a provider that is stopped and started again, or a
 * second provider in the same test run, keeps signing with a key the relying party has already cached.
 */
export function signingKey(): Promise<SigningKey> {
  processKey ??= (async () => {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const exported = await exportJWK(privateKey);
    const kid = await calculateJwkThumbprint(exported);
    return { jwk: { ...exported, kid, alg: "RS256", use: "sig" }, privateKey };
  })();
  return processKey;
}
