// @vitest-environment happy-dom
/** The kit's icon button: named for the row it acts on, red when it removes, one click one call. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IconButton } from '../../src/components/common/icon-button.tsx';

afterEach(cleanup);

describe('icon button', () => {
  it('is named by its label, danger when asked, and calls onClick', () => {
    const onClick = vi.fn();
    render(<IconButton icon="pi pi-trash" label="Remove Maija" tooltip="Remove" danger onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Remove Maija' });
    expect(button.className).toContain('p-button-danger');
    expect(button.className).toContain('p-button-rounded');
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is not red without danger', () => {
    render(<IconButton icon="pi pi-pencil" label="Edit Maija" onClick={() => {}} />);
    expect(screen.getByRole('button', { name: 'Edit Maija' }).className).not.toContain('p-button-danger');
  });
});
