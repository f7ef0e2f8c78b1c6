import { ActionIcon, Box, CloseButton, Group, Text, Textarea } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { IconCheck, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, type Ref, useRef, useState } from 'react';
import { MentionSuggestions, useMentionPicker } from '@/shared/ui/mentions';

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
  /**
   * What the next send is (a reply to someone, an edit of one's message), shown above the input
   * with a way out; the text starts as `initialText` (an edit starts from the message's text).
   */
  draft?: { label: string; detail: string; kind: 'reply' | 'edit'; onCancel: () => void } | null;
  initialText?: string;
  /** Whom `@` suggests: the room's other members (the server decides mentions among them too). */
  people?: { id: string; name: string }[];
};

/**
 * The message input: Enter sends, Shift+Enter breaks the line (spec §5), a text blank after
 * trimming is ignored, and a composition in progress (IME) is never cut off by its Enter.
 */
export function ChatComposer({
  roomName,
  blockedReason,
  isInputDisabled,
  onSend,
  onTyping,
  ref,
  draft = null,
  initialText = '',
  people = [],
}: ChatComposerProps) {
  const [text, setText] = useState(initialText);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const mergedRef = useMergedRef(inputRef, ref);
  // The `@name` being typed and the suggestion picked among its matches; Escape hides them.
  const mentions = useMentionPicker({ text, setText, people, inputRef });
  const isEditing = draft?.kind === 'edit';
  const canSend = blockedReason === null && text.trim() !== '';

  const handleSend = () => {
    if (!canSend) return;
    if (onSend(text)) setText('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.handleKeyDown(event)) return;
    if (event.key === 'Escape' && draft) {
      event.preventDefault();
      draft.onCancel();
      return;
    }
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
      {draft ? (
        <Group
          gap="xs"
          wrap="nowrap"
          px="sm"
          pt={6}
          data-testid="chat-composer-draft"
          data-kind={draft.kind}
          aria-live="polite"
        >
          <Box style={{ flex: 1, minWidth: 0, borderLeft: '3px solid var(--mantine-color-indigo-4)' }} pl={8}>
            <Text fz="xs" fw={700} truncate="end">
              {draft.label}
            </Text>
            <Text fz="xs" c="dimmed" truncate="end">
              {draft.detail}
            </Text>
          </Box>
          <CloseButton
            size="sm"
            aria-label={isEditing ? 'Cancel the edit' : 'Cancel the reply'}
            onClick={draft.onCancel}
          />
        </Group>
      ) : null}
      {blockedReason ? (
        <Text fz="xs" c="dimmed" px="sm" pt={6} data-testid="chat-composer-hint">
          {blockedReason}
        </Text>
      ) : null}
      <MentionSuggestions picker={mentions} testId="chat-mention-option" />
      <Group gap="xs" align="flex-end" wrap="nowrap" p="sm">
        <Textarea
          ref={mergedRef}
          {...mentions.inputProps}
          aria-label={`Message ${roomName}`}
          placeholder={isInputDisabled ? 'Messages are closed' : 'Write a message…'}
          value={text}
          disabled={isInputDisabled}
          onChange={(event) => {
            setText(event.currentTarget.value);
            mentions.handleChange(event.currentTarget);
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
        <ActionIcon
          type="submit"
          size={36}
          radius="md"
          aria-label={isEditing ? 'Save the edit' : 'Send message'}
          disabled={!canSend}
        >
          {isEditing ? <IconCheck size={18} aria-hidden /> : <IconSend size={18} aria-hidden />}
        </ActionIcon>
      </Group>
    </form>
  );
}
