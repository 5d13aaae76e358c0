/**
 * Password hashing with argon2id (ARCHITECTURE.md). Parameters follow the OWASP Password Storage Cheat
 * Sheet minimum for argon2id (19 MiB, 2 iterations, 1 lane); the hash string carries them, so raising
 * them later keeps old hashes verifiable.
 */
import argon2 from 'argon2';

const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash never verifies.
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies against a throw-away hash, so an unknown user name or e-mail address costs the same time as a
 * known one and answers cannot be told apart by timing.
 */
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
