import { ActionIcon, Group, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, type Ref, useState } from 'react';

/** Spec §9: the input grows with its text up to this height, then scrolls. */
export const composerMaxHeightPx = 120;

type ChatComposerProps = {
  roomName: string;
  /** Why nothing can be sent now (read-only room, no connection), or null. */
  blockedReason: string | null;
  /** Whether the input itself is closed (read-only), not just the send (a short disconnection). */
  isInputDisabled: boolean;
  /** Answers whether the text went; the input is cleared only when it did. */
  onSend: (text: string) => boolean;
  onTyping: () => void;
  ref?: Ref<HTMLTextAreaElement>;
};

/**
 * The message input: Enter sends, Shift+Enter breaks the line (spec §5), a text blank after
 * trimming is ignored, and a composition in progress (IME) is never cut off by its Enter.
 */
export function ChatComposer({ roomName, blockedReason, isInputDisabled, onSend, onTyping, ref }: ChatComposerProps) {
  const [text, setText] = useState('');
  const canSend = blockedReason === null && text.trim() !== '';

  const handleSend = () => {
    if (!canSend) return;
    if (onSend(text)) setText('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    handleSend();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        handleSend();
      }}
    >
      {blockedReason ? (
        <Text fz="xs" c="dimmed" px="sm" pt={6} data-testid="chat-composer-hint">
          {blockedReason}
        </Text>
      ) : null}
      <Group gap="xs" align="flex-end" wrap="nowrap" p="sm">
        <Textarea
          ref={ref}
          aria-label={`Message ${roomName}`}
          placeholder={isInputDisabled ? 'Messages are closed' : 'Write a message…'}
          value={text}
          disabled={isInputDisabled}
          onChange={(event) => {
            setText(event.currentTarget.value);
            onTyping();
          }}
          onKeyDown={handleKeyDown}
          autosize
          minRows={1}
          maxRows={5}
          style={{ flex: 1 }}
          styles={{ input: { maxHeight: composerMaxHeightPx, overflowY: 'auto' } }}
          data-testid="chat-input"
        />
        <ActionIcon type="submit" size={36} radius="md" aria-label="Send message" disabled={!canSend}>
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </form>
  );
}
