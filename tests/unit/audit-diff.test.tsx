// @vitest-environment happy-dom
/**
 * The audit diff: each changed field with its value before and after, empty values and secrets
 * said in words, booleans as Yes/No, lists joined, anything else as JSON; and the words an event's
 * action, record and actor are shown with.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditDiff } from '../../src/components/audit/audit-diff.tsx';
import { actionLabel, actorLabel, entityLabel } from '../../src/components/audit/audit-text.ts';
import '../../src/i18n/index.ts';

afterEach(cleanup);

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('audit diff', () => {
  it('shows each field old → new in a table named by its columns', () => {
    render(
      <AuditDiff
        changes={{
          position_name: { old: 'Gate', new: 'Gate 2' },
          description: { old: null, new: 'North side' },
          is_active: { old: true, new: false },
          position_ids: { old: [3, 4], new: [] },
          coordinates: { old: null, new: { latitude: 60.1, longitude: 24.9 } },
          password_hash: 'changed',
          location_details: { old: null, new: '' },
        }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Changed fields' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Field', 'Before', 'After']);
    // A field's name may break after an underscore (<wbr>): found by its text.
    const row = (field: string) =>
      screen
        .getAllByRole('rowheader')
        .find((h) => h.textContent === field)
        ?.closest('tr') as HTMLElement;
    expect(cells(row('position_name'))).toEqual(['Gate', 'Gate 2']);
    expect(row('position_name').querySelector('del')?.textContent).toBe('Gate');
    expect(row('position_name').querySelector('ins')?.textContent).toBe('Gate 2');
    expect(cells(row('description'))).toEqual(['(empty)', 'North side']);
    expect(cells(row('is_active'))).toEqual(['Yes', 'No']);
    expect(cells(row('position_ids'))).toEqual(['3, 4', '(empty)']);
    expect(cells(row('coordinates'))).toEqual(['(empty)', '{"latitude":60.1,"longitude":24.9}']);
    // A secret: one cell across both columns, no value.
    expect(cells(row('password_hash'))).toEqual(['Changed (not shown)']);
    // Empty before and after (a field a new record was created without): not a change to show.
    expect(screen.getAllByRole('rowheader')).toHaveLength(6);
  });

  it('says when an event changed no field', () => {
    render(<AuditDiff changes={null} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No field changes recorded.')).toBeTruthy();
    cleanup();
    render(<AuditDiff changes={{ description: { old: null, new: null } }} />);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('speaks Finnish when the console does', async () => {
    await i18n.changeLanguage('fi');
    try {
      render(<AuditDiff changes={{ position_name: { old: '', new: 'Portti' } }} />);
      expect(screen.getByRole('table', { name: 'Muuttuneet kentät' })).toBeTruthy();
      expect(screen.getByText('(tyhjä)')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('audit event words', () => {
  const t = i18n.t.bind(i18n);
  const exists = (key: string) => i18n.exists(key);

  it('names an action by its record and verb, and keeps what it does not know as written', () => {
    expect(actionLabel(t, 'position.update', exists)).toBe('Position updated');
    expect(actionLabel(t, 'user_group.member_add', exists)).toBe('User group member added');
    expect(actionLabel(t, 'auth.login_failed', exists)).toBe('Sign-in failed');
    expect(actionLabel(t, 'robot.dance_off', exists)).toBe('Dance off');
  });

  it('names a record by its kind and id, and the system as such', () => {
    expect(entityLabel(t, 'position_group', '7')).toBe('Position group #7');
    expect(entityLabel(t, 'position', null)).toBe('Position');
    expect(actorLabel(t, { actor_id: null, actor_name: 'system' })).toBe('System');
    expect(actorLabel(t, { actor_id: null, actor_name: 'nobody@example.com' })).toBe('nobody@example.com');
    expect(actorLabel(t, { actor_id: 3, actor_name: 'Aino Admin' })).toBe('Aino Admin');
  });
});
