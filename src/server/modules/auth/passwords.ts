import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's minimum (m=19 MiB, t=2, p=1): about 5 ms here. */
const ARGON2_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, which isolated modules cannot read)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verified against when the phone number is unknown, so a wrong number costs as long as a
 * wrong password and response times do not reveal which numbers are registered.
 */
let dummyHash: Promise<string> | undefined;
export const timingSafeDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-0!A'));
