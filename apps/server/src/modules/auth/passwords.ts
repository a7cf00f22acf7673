import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1), which meet ASVS 11.4.2. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown e-mail) it verifies against a
 * dummy hash, so that an unknown account takes as long to refuse as a known one.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hash('no account has this password');
  const ok = await verify(passwordHash ?? (await dummyHash), password).catch(() => false);
  return passwordHash !== undefined && ok;
}
