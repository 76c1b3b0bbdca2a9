/** argon2id password hashing at OWASP ASVS 5 parameters (19 MiB, t=2, p=1 by default). */
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id: a const enum, which erasable-only TypeScript cannot read, so its value. */
const ARGON2ID = 2 as Algorithm.Argon2id;

export interface PasswordService {
  hash(password: string): Promise<string>;
  /** A user with no password yet (invited) never matches, after the same time as a real check. */
  verify(hashValue: string | null, password: string): Promise<boolean>;
  /** Spends the same time as a real check, so an unknown email cannot be told apart by timing. */
  verifyDummy(password: string): Promise<void>;
}

export function createPasswordService(params: {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}): PasswordService {
  const options = { ...params, algorithm: ARGON2ID };
  let dummy: Promise<string> | undefined;
  const verifyDummy = async (password: string) => {
    dummy ??= hash('not-a-real-password', options);
    await verify(await dummy, password).catch(() => false);
  };
  return {
    hash: (password) => hash(password, options),
    async verify(hashValue, password) {
      if (hashValue === null) {
        await verifyDummy(password);
        return false;
      }
      try {
        return await verify(hashValue, password);
      } catch {
        return false;
      }
    },
    verifyDummy,
  };
}
