import { ActionIcon, Box, CloseButton, Group, Paper, Text, Textarea, UnstyledButton } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { IconCheck, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, type Ref, useId, useRef, useState } from 'react';
import { mentionQueryAt, mentionSuggestions } from '../chat-model';

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
  const listId = useId();
  // The `@name` being typed and the suggestion picked among its matches; Escape hides them.
  const [caret, setCaret] = useState(initialText.length);
  const [activeIndex, setActiveIndex] = useState(0);
  const [isDismissed, setIsDismissed] = useState(false);
  const mention = isDismissed ? null : mentionQueryAt(text, caret);
  const suggestions = mention ? mentionSuggestions(people, mention.query) : [];
  const isSuggesting = suggestions.length > 0;
  const active = Math.min(activeIndex, suggestions.length - 1);

  const pickMention = (person: { name: string }) => {
    if (!mention) return;
    const before = `${text.slice(0, mention.start)}@${person.name} `;
    const next = `${before}${text.slice(caret)}`;
    setText(next);
    setCaret(before.length);
    setActiveIndex(0);
    requestAnimationFrame(() => {
      inputRef.current?.focus();
      inputRef.current?.setSelectionRange(before.length, before.length);
    });
  };
  const isEditing = draft?.kind === 'edit';
  const canSend = blockedReason === null && text.trim() !== '';

  const handleSend = () => {
    if (!canSend) return;
    if (onSend(text)) setText('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSuggesting && !event.nativeEvent.isComposing) {
      const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
      if (step !== 0) {
        event.preventDefault();
        setActiveIndex((active + step + suggestions.length) % suggestions.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        const person = suggestions[active];
        if (person) pickMention(person);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setIsDismissed(true);
        return;
      }
    }
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
      {isSuggesting ? (
        <Paper withBorder shadow="sm" mx="sm" mt={6} p={4} id={listId} role="listbox" aria-label="People to mention">
          {suggestions.map((person, index) => (
            <UnstyledButton
              key={person.id}
              role="option"
              aria-selected={index === active}
              // Keeps the focus in the input, so typing goes on after a pick.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pickMention(person)}
              px="xs"
              py={4}
              w="100%"
              fz="sm"
              style={{
                display: 'block',
                borderRadius: 4,
                background: index === active ? 'var(--mantine-color-indigo-0)' : undefined,
              }}
              data-testid="chat-mention-option"
            >
              {person.name}
            </UnstyledButton>
          ))}
        </Paper>
      ) : null}
      <Group gap="xs" align="flex-end" wrap="nowrap" p="sm">
        <Textarea
          ref={mergedRef}
          aria-autocomplete="list"
          aria-controls={isSuggesting ? listId : undefined}
          aria-label={`Message ${roomName}`}
          placeholder={isInputDisabled ? 'Messages are closed' : 'Write a message…'}
          value={text}
          disabled={isInputDisabled}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setCaret(event.currentTarget.selectionStart ?? event.currentTarget.value.length);
            setIsDismissed(false);
            onTyping();
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
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
