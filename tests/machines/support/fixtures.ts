/** Test fixtures for the session: signed-looking tokens with a chosen lifetime, a user, a storage. */
import type { SessionUser } from '../../../src/api/gen/model';

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT-shaped token whose `exp` is `secondsLeft` from now (the signature is never checked client-side). */
export function makeToken(secondsLeft: number, sub = 1): string {
  const exp = Math.floor(Date.now() / 1000) + secondsLeft;
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub, exp })}.c2lnbmF0dXJl`;
}

export const TOKEN_LIFETIMES = { fresh: 3600, short: 700, due: 450, expired: 120 } as const;

export const USER: SessionUser = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Admin',
  email: 'ada@example.com',
  role: 'admin',
  is_active: true,
  site_id: 'main',
  site_name: 'Main Site',
  created_at: '2025-01-01T00:00:00.000Z',
};

/** A Map-backed Web Storage, installed as globalThis.localStorage for node tests. */
export class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
}

export function installMemoryStorage(): MemoryStorage {
  const storage = new MemoryStorage();
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true });
  return storage;
}

/** Lets settled promises deliver their results to the actor. */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
