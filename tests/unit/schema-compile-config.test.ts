/** SCHEMA_COMPILE: when the routes' schemas are compiled (server/src/config.ts). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';

describe('SCHEMA_COMPILE', () => {
  it('compiles every route before listening unless told otherwise', () => {
    expect(loadConfig({}).schemaCompile).toBe('start');
    expect(loadConfig({ SCHEMA_COMPILE: 'start' }).schemaCompile).toBe('start');
  });

  it('compiles each route on its first call with first-use', () => {
    expect(loadConfig({ SCHEMA_COMPILE: ' first-use ' }).schemaCompile).toBe('first-use');
  });

  it('stops the start on any other value, naming it', () => {
    expect(() => loadConfig({ SCHEMA_COMPILE: 'lazy' })).toThrow(
      'SCHEMA_COMPILE must be start or first-use, got "lazy"',
    );
  });
});
