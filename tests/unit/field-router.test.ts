/**
 * The field app's path switch (src/field/field-router.tsx): which screen a path opens. A tag's URL
 * keeps any tag id (dots, escaped characters) and a path that names no screen is "unknown" (the
 * app then goes to /field).
 */
import { describe, expect, it } from 'vitest';
import { matchFieldPath, positionPath, tagPath } from '../../src/field/field-router.tsx';

describe('field paths', () => {
  it('opens home, a position by id and a tag', () => {
    expect(matchFieldPath('/field')).toEqual({ name: 'home' });
    expect(matchFieldPath('/field/')).toEqual({ name: 'home' });
    expect(matchFieldPath('/field/positions/12')).toEqual({ name: 'position', id: 12 });
    expect(matchFieldPath('/t/TAG00001')).toEqual({ name: 'tag', tag: 'TAG00001' });
  });

  it('keeps a tag id with dots or escaped characters as it was written to the tag', () => {
    expect(matchFieldPath('/t/04.A2.3B.C1')).toEqual({ name: 'tag', tag: '04.A2.3B.C1' });
    expect(matchFieldPath(tagPath('A/B 7'))).toEqual({ name: 'tag', tag: 'A/B 7' });
    expect(matchFieldPath('/t/%E0%A4%A')).toEqual({ name: 'tag', tag: '%E0%A4%A' });
  });

  it('a position id that is not a positive whole number opens position 0 (the screen says not found)', () => {
    for (const id of ['abc', '0', '-3', '1.5'])
      expect(matchFieldPath(`/field/positions/${id}`)).toEqual({ name: 'position', id: 0 });
    expect(positionPath(7)).toBe('/field/positions/7');
  });

  it('anything else is not a field screen', () => {
    for (const path of ['/field/my-work', '/fields', '/t/', '/t/a/b', '/', '/users'])
      expect(matchFieldPath(path), path).toEqual({ name: 'unknown' });
  });
});
