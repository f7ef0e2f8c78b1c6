import { aiLimits } from '@deckvalid/contract/ai';
import { ActionIcon, Group, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, type Ref, useId, useState } from 'react';

/** Spec §9: the AI chat's input grows up to this height, then scrolls (the chat's is 120 px). */
export const copilotComposerMaxHeightPx = 140;

const limitText = aiLimits.messageLength.toLocaleString('en');

type CopilotComposerProps = {
  /** The copilot is answering: the next question waits for it (answers keep the room's order). */
  isBusy: boolean;
  /** Called with the trimmed question; blank text never reaches it. */
  onAsk: (question: string) => void;
  ref?: Ref<HTMLTextAreaElement>;
};

/**
 * The copilot's question box: Enter asks, Shift+Enter breaks the line, blank text is ignored, and
 * the 4,000-character limit is counted under it (the server refuses a longer question with 400).
 */
export function CopilotComposer({ isBusy, onAsk, ref }: CopilotComposerProps) {
  const [text, setText] = useState('');
  const counterId = useId();
  const length = text.trim().length;
  const isTooLong = length > aiLimits.messageLength;
  const canAsk = !isBusy && length > 0 && !isTooLong;

  const handleAsk = () => {
    if (!canAsk) return;
    onAsk(text.trim());
    setText('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    handleAsk();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        handleAsk();
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap" px="sm" pt="sm" pb={4}>
        <Textarea
          ref={ref}
          aria-label="Ask Pitchlane Copilot"
          aria-describedby={counterId}
          aria-invalid={isTooLong}
          placeholder="Ask about decks, summaries or your interests…"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={handleKeyDown}
          autosize
          minRows={1}
          maxRows={6}
          style={{ flex: 1 }}
          styles={{ input: { maxHeight: copilotComposerMaxHeightPx, overflowY: 'auto' } }}
          data-testid="copilot-input"
        />
        <ActionIcon type="submit" size={36} radius="md" color="violet.7" aria-label="Ask" disabled={!canAsk}>
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Text
        id={counterId}
        fz={11}
        c={isTooLong ? 'red.8' : 'dimmed'}
        px="sm"
        pb={6}
        ta="right"
        data-testid="copilot-counter"
      >
        {isTooLong
          ? `Keep a question to ${limitText} characters (${length.toLocaleString('en')} now).`
          : `${length.toLocaleString('en')} / ${limitText}`}
      </Text>
    </form>
  );
}
