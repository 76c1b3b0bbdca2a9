// @vitest-environment happy-dom
/** The kit's search box: typing settles before the search, trimmed; the URL's value wins. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS, SearchBox } from '../../src/components/common/search-box.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('search box', () => {
  it('searches once typing settles, trimmed, and follows the value it is given', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    const { rerender } = render(
      <>
        <label htmlFor="s">Search</label>
        <SearchBox id="s" value="" onSearch={onSearch} />
      </>,
    );
    const box = screen.getByLabelText('Search') as HTMLInputElement;
    fireEvent.change(box, { target: { value: ' pu' } });
    fireEvent.change(box, { target: { value: ' pump ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('pump');

    // The URL changed (back button): the box shows it and does not search again.
    rerender(
      <>
        <label htmlFor="s">Search</label>
        <SearchBox id="s" value="crane" onSearch={onSearch} />
      </>,
    );
    expect(box.value).toBe('crane');
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS * 2));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});
