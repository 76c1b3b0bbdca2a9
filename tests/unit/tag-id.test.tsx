// @vitest-environment happy-dom
/**
 * NFC ids mix O and 0 (their alphabet is A–Z and 0–9): every zero is drawn slashed, the text stays the id.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TagId } from '../../src/components/common/tag-id.tsx';

afterEach(cleanup);

describe('tag id', () => {
  it('marks each zero, and only zeros, and keeps the id as its text', () => {
    const { container } = render(<TagId value="XJ0O2Z00" />);
    const code = container.querySelector('code') as HTMLElement;
    expect([...code.querySelectorAll('.tag-id__zero')].map((z) => z.textContent)).toEqual(['0', '0', '0']);
    expect(code.textContent).toBe('XJ0O2Z00');
  });
});
