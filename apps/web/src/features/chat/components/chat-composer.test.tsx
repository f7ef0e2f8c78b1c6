import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChatComposer } from './chat-composer';

function renderComposer(props: Partial<Parameters<typeof ChatComposer>[0]> = {}) {
  const onSend = vi.fn(() => true);
  const onTyping = vi.fn();
  render(
    <MantineProvider>
      <ChatComposer
        roomName="Ravi Rao"
        blockedReason={null}
        isInputDisabled={false}
        onSend={onSend}
        onTyping={onTyping}
        {...props}
      />
    </MantineProvider>,
  );
  const input = screen.getByRole('textbox', { name: 'Message Ravi Rao' }) as HTMLTextAreaElement;
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  return { input, type, onSend, onTyping };
}

describe('ChatComposer', () => {
  it('sends on Enter and clears the input; Shift+Enter does not send', () => {
    const { input, type, onSend, onTyping } = renderComposer();
    type('Hello');
    expect(onTyping).toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Hello');
    expect(input.value).toBe('');
  });

  it('ignores a text that is blank once trimmed', () => {
    const { input, type, onSend } = renderComposer();
    type('  \n  ');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the text when the send did not go (no connection)', () => {
    const { input, type } = renderComposer({ onSend: () => false });
    type('Keep me');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('Keep me');
  });

  it('closes the input of a read-only room and says why', () => {
    const { input } = renderComposer({
      blockedReason: 'This conversation is read-only.',
      isInputDisabled: true,
    });
    expect(input.disabled).toBe(true);
    expect(screen.getByTestId('chat-composer-hint').textContent).toBe('This conversation is read-only.');
  });

  it('suggests the room members for an @ and puts the picked name in, without sending', () => {
    const people = [
      { id: 'inv-1', name: 'Ravi Rao' },
      { id: 'inv-2', name: 'Theo Brandt' },
    ];
    const { input, type, onSend } = renderComposer({ people });
    type('Thanks @ra');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Ravi Rao']);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('Thanks @Ravi Rao ');
    expect(screen.queryAllByRole('option')).toEqual([]);
    // A word's start matches too; Escape hides the list and Enter sends again.
    type('Thanks @Ravi Rao and @brandt');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Theo Brandt']);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryAllByRole('option')).toEqual([]);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Thanks @Ravi Rao and @brandt');
    // An address is no mention.
    type('mail ravi@ra');
    expect(screen.queryAllByRole('option')).toEqual([]);
  });
});
