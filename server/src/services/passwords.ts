/** argon2id password hashing at OWASP ASVS 5 parameters (19 MiB, t=2, p=1 by default). */
import { Algorithm, hash, verify } from '@node-rs/argon2';

export interface PasswordService {
  hash(password: string): Promise<string>;
  verify(hashValue: string, password: string): Promise<boolean>;
  /** Spends the same time as a real check, so an unknown email cannot be told apart by timing. */
  verifyDummy(password: string): Promise<void>;
}

export function createPasswordService(params: { memoryCost: number; timeCost: number; parallelism: number }): PasswordService {
  const options = { ...params, algorithm: Algorithm.Argon2id };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    async verify(hashValue, password) {
      try {
        return await verify(hashValue, password);
      } catch {
        return false;
      }
    },
    async verifyDummy(password) {
      dummy ??= hash('not-a-real-password', options);
      await verify(await dummy, password).catch(() => false);
    },
  };
}
