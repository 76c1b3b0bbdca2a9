import { describe, expect, it } from 'vitest';
import { USER_GROUP_CODE_MAX, USER_GROUP_CODE_PATTERN, userGroupCode } from '../../src/domain/user-groups.ts';

describe('userGroupCode: lowercase, å ä ö folded, spaces to underscores, up to 50 characters', () => {
  it.each([
    ['Työmaa Ääni Ö', 'tyomaa_aani_o'],
    ['Åland Crew', 'aland_crew'],
    ['Sähkö-asennus Oy', 'sahkoasennus_oy'],
    ['  North   wing  ', 'north_wing'],
    ['Team #1 (night)', 'team_1_night'],
    ['A - B', 'a_b'],
    ['already_coded', 'already_coded'],
    ['Müller & Söhne', 'mller_sohne'],
    ['!!!', ''],
    ['', ''],
  ])('%j → %j', (name, code) => {
    expect(userGroupCode(name)).toBe(code);
  });

  it('cuts to 50 characters without leaving an underscore at the end', () => {
    expect(userGroupCode('x'.repeat(80))).toBe('x'.repeat(USER_GROUP_CODE_MAX));
    const code = userGroupCode(`${'a'.repeat(49)} b`);
    expect(code).toBe('a'.repeat(49));
  });

  it('always yields what the server accepts as a code', () => {
    const pattern = new RegExp(USER_GROUP_CODE_PATTERN);
    for (const name of ['Työmaa Ääni Ö', 'Ω Team 9', 'ÅÄÖ åäö', '__x__', 'tab\there'])
      expect(userGroupCode(name)).toMatch(pattern);
  });
});
