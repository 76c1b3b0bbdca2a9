// @vitest-environment happy-dom
/** URL state of a screen: the param readers and useScreenSearch in a real (memory) router. */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { booleanParam, enumParam, idParam, textParam } from '../../src/components/routing/search-params.ts';
import { useScreenSearch } from '../../src/components/routing/use-screen-search.ts';
import { renderScreen } from './support/render-screen.tsx';

afterEach(cleanup);

describe('search param readers', () => {
  it('accept valid values and turn anything else into the default (undefined)', () => {
    expect([true, 'true', false, 'yes', 1, undefined].map(booleanParam)).toEqual([
      true,
      true,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(enumParam('members', ['members', 'access'])).toBe('members');
    expect(enumParam('admin', ['members', 'access'])).toBeUndefined();
    expect([7, '7', 0, -1, 1.5, '7x', null].map(idParam)).toEqual([
      7,
      7,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(textParam('  pump  ')).toBe('pump');
    expect(textParam('   ')).toBeUndefined();
    expect(textParam('x'.repeat(300))?.length).toBe(200);
  });
});

const validate = (search: Record<string, unknown>) => ({
  inactive: booleanParam(search.inactive),
  tab: enumParam(search.tab, ['members', 'access'] as const),
  group: idParam(search.group),
});

function Screen() {
  const [search, setSearch] = useScreenSearch(validate);
  return (
    <>
      <output>{JSON.stringify(search)}</output>
      <button type="button" onClick={() => setSearch({ inactive: search.inactive ? undefined : true })}>
        toggle
      </button>
      <button type="button" onClick={() => setSearch({ tab: 'access' })}>
        access
      </button>
    </>
  );
}

describe('useScreenSearch', () => {
  it('reads the validated search and writes patches into the URL', async () => {
    const { router } = await renderScreen(Screen, {
      url: '/user-groups?group=4&tab=bogus',
      validateSearch: validate,
    });
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({ group: 4 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'access' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'toggle' })));
    expect(router.state.location.search).toEqual({ group: 4, tab: 'access', inactive: true });
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({
      group: 4,
      tab: 'access',
      inactive: true,
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'toggle' })));
    expect(router.state.location.href).toBe('/user-groups?group=4&tab=access');
  });
});
