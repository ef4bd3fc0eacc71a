import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * scrypt from Node's own crypto: memory-hard, no native add-on to build. The cost follows OWASP's
 * recommendation for scrypt (N = 2^17, r = 8, p = 1: 128 MiB and about 0.4 s a hash here).
 * Parameters are stored with each hash, so they can be raised later without breaking old ones.
 */
export const PASSWORD_HASH_PARAMS = { N: 2 ** 17, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

export const MIN_PASSWORD_LENGTH = 12;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = PASSWORD_HASH_PARAMS;
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, N, r, p, keyLength);
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** False for any stored value that is not a well-formed hash: a damaged row must never match everything. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || rest.length > 0 || !salt || !key) return false;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || !Number.isInteger(R) || R < 1 || !Number.isInteger(P) || P < 1) return false;
  const saltBytes = Buffer.from(salt, "base64");
  const expected = Buffer.from(key, "base64");
  if (saltBytes.length < 8 || expected.length < 16) return false;
  try {
    const actual = await derive(password, saltBytes, N, R, P, expected.length);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

/** Verifying against this costs as much as a real check, so an unknown e-mail takes as long as a known one. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  return decoy;
}
