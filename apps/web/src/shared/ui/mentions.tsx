import { findMentionRanges } from '@deckvalid/contract/mentions';
import { Box, Paper, Text, Textarea, type TextareaProps, UnstyledButton } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { mentionQueryAt, mentionSuggestions } from '@/shared/lib/mention-query';

type Person = { id: string; name: string };

/** A text with the people it names (`@Name`) set in bold, as the server reads them. */
export function TextWithMentions({ text, people }: { text: string; people: readonly Person[] }) {
  const ranges = findMentionRanges(text, people);
  if (ranges.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const range of ranges) {
    if (range.start > at) parts.push(text.slice(at, range.start));
    parts.push(
      <Text key={range.start} span inherit fw={700} data-testid="mention" data-account-id={range.accountId}>
        {text.slice(range.start, range.end)}
      </Text>,
    );
    at = range.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/**
 * The `@` picker of a text input: what is being typed after an `@`, the people it matches, the
 * one chosen with the arrow keys, and the pick, which writes `@Full Name ` in its place and puts
 * the caret after it. The input passes its changes and keys here first.
 */
export function useMentionPicker({
  text,
  setText,
  people,
  inputRef,
}: {
  text: string;
  setText: (text: string) => void;
  people: readonly Person[];
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const listId = useId();
  const [caret, setCaret] = useState(text.length);
  const [activeIndex, setActiveIndex] = useState(0);
  const [isDismissed, setIsDismissed] = useState(false);
  const mention = isDismissed ? null : mentionQueryAt(text, caret);
  const suggestions = mention ? mentionSuggestions(people, mention.query) : [];
  const isSuggesting = suggestions.length > 0;
  const active = Math.min(activeIndex, suggestions.length - 1);

  const pick = (person: Person) => {
    if (!mention) return;
    const before = `${text.slice(0, mention.start)}@${person.name} `;
    setText(`${before}${text.slice(caret)}`);
    setCaret(before.length);
    setActiveIndex(0);
    requestAnimationFrame(() => {
      inputRef.current?.focus();
      inputRef.current?.setSelectionRange(before.length, before.length);
    });
  };

  /** The list's keys (arrows, Enter or Tab to pick, Escape to hide): answers whether it took the key. */
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!isSuggesting || event.nativeEvent.isComposing) return false;
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0) {
      event.preventDefault();
      setActiveIndex((active + step + suggestions.length) % suggestions.length);
      return true;
    }
    if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      event.preventDefault();
      const person = suggestions[active];
      if (person) pick(person);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setIsDismissed(true);
      return true;
    }
    return false;
  };

  /** After the input's text changed: where the caret is now; a new `@` shows the list again. */
  const handleChange = (element: HTMLTextAreaElement) => {
    setCaret(element.selectionStart ?? element.value.length);
    setIsDismissed(false);
  };

  const inputProps = {
    'aria-autocomplete': 'list' as const,
    'aria-controls': isSuggesting ? listId : undefined,
    onSelect: (event: { currentTarget: HTMLTextAreaElement }) => setCaret(event.currentTarget.selectionStart ?? 0),
  };

  return { listId, suggestions, active, pick, handleKeyDown, handleChange, inputProps };
}

/** The people an `@` being typed matches, to pick with a click or the keys the input hands on. */
export function MentionSuggestions({
  picker,
  testId,
}: {
  picker: ReturnType<typeof useMentionPicker>;
  /** Each option's test id. */
  testId: string;
}) {
  if (picker.suggestions.length === 0) return null;
  return (
    <Paper withBorder shadow="sm" mx="sm" mt={6} p={4} id={picker.listId} role="listbox" aria-label="People to mention">
      {picker.suggestions.map((person, index) => (
        <UnstyledButton
          key={person.id}
          role="option"
          aria-selected={index === picker.active}
          // Keeps the focus in the input, so typing goes on after a pick.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => picker.pick(person)}
          px="xs"
          py={4}
          w="100%"
          fz="sm"
          style={{
            display: 'block',
            borderRadius: 4,
            background: index === picker.active ? 'var(--mantine-color-indigo-0)' : undefined,
          }}
          data-testid={testId}
        >
          {person.name}
        </UnstyledButton>
      ))}
    </Paper>
  );
}

type MentionTextareaProps = Omit<TextareaProps, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
  /** Whom `@` suggests (the server decides mentions among the same people). */
  people: readonly Person[];
  /** Each suggestion's test id. */
  optionTestId?: string;
};

/** A textarea whose `@` suggests people to mention, picked with a click or the keys. */
export function MentionTextarea({
  value,
  onValueChange,
  people,
  optionTestId = 'mention-option',
  ...props
}: MentionTextareaProps) {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionPicker({ text: value, setText: onValueChange, people, inputRef });
  return (
    <Box>
      <Textarea
        ref={inputRef}
        {...props}
        {...mentions.inputProps}
        value={value}
        onChange={(event) => {
          onValueChange(event.currentTarget.value);
          mentions.handleChange(event.currentTarget);
        }}
        onKeyDown={(event) => {
          mentions.handleKeyDown(event);
        }}
      />
      <MentionSuggestions picker={mentions} testId={optionTestId} />
    </Box>
  );
}
