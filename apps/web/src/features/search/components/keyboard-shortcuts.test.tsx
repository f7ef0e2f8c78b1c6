import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KeyboardShortcuts } from './keyboard-shortcuts';

function renderWithField() {
  render(
    <MantineProvider>
      <input aria-label="Title" />
      <KeyboardShortcuts />
    </MantineProvider>,
  );
}

describe('KeyboardShortcuts', () => {
  it('opens the list on "?" pressed on the page', async () => {
    renderWithField();
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    fireEvent.keyDown(document.body, { key: '?' });
    const list = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(list.textContent).toContain('Open the command palette');
  });

  it('leaves "?" typed in a field alone', () => {
    renderWithField();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Title' }), { key: '?' });
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
  });
});
