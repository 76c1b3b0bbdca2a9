/** Token timing rules: expired below 300 s or undecodable; refresh advised below 600 s. */
import { describe, expect, it } from 'vitest';
import {
  decodeTokenPayload,
  isRefreshAdvised,
  isTokenExpired,
  secondsLeft,
} from '../../src/machines/auth/auth.machine.ts';

const NOW = 1_750_000_000;
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenWith = (payload: unknown) => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;
const expiringIn = (seconds: number) => tokenWith({ sub: 1, exp: NOW + seconds });

describe('isTokenExpired (300-s margin)', () => {
  it.each([
    [3600, false],
    [301, false],
    [300, false],
    [299, true],
    [0, true],
    [-60, true],
  ])('%i s left → expired %s', (left, expired) => {
    expect(isTokenExpired(expiringIn(left), NOW)).toBe(expired);
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['not a JWT', 'not-a-jwt'],
    ['bad base64 JSON', 'a.%%%.c'],
    ['no exp claim', tokenWith({ sub: 1 })],
    ['non-numeric exp', tokenWith({ exp: 'tomorrow' })],
    ['payload not an object', tokenWith([1, 2])],
  ])('%s counts as expired', (_label, token) => {
    expect(isTokenExpired(token, NOW)).toBe(true);
  });
});

describe('isRefreshAdvised (600-s margin)', () => {
  it.each([
    [3600, false],
    [601, false],
    [600, false],
    [599, true],
    [450, true],
    [100, true],
  ])('%i s left → refresh advised %s', (left, advised) => {
    expect(isRefreshAdvised(expiringIn(left), NOW)).toBe(advised);
  });

  it('advises a refresh for an undecodable token', () => {
    expect(isRefreshAdvised('garbage', NOW)).toBe(true);
  });
});

describe('decoding', () => {
  it('reads a base64url payload with non-ASCII text', () => {
    const token = tokenWith({ exp: NOW + 10, name: 'Åsa Öberg' });
    expect(decodeTokenPayload(token)).toEqual({ exp: NOW + 10, name: 'Åsa Öberg' });
    expect(secondsLeft(token, NOW)).toBe(10);
  });

  it('uses the current time by default', () => {
    const token = tokenWith({ exp: Math.floor(Date.now() / 1000) + 1000 });
    expect(isTokenExpired(token)).toBe(false);
    expect(isRefreshAdvised(token)).toBe(false);
  });
});
