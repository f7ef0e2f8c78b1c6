import type { ChatMessage, ChatRoom } from '@deckvalid/contract/chat';
import { Alert, Badge, Box, Button, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconSparkles } from '@tabler/icons-react';
import { type ReactNode, type Ref, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { invalidateInterests, useAskCopilotMutation } from '../copilot-api';
import { conversationOf, copilotFailureText, isCopilotMessage } from '../copilot-model';
import { useCopilotReplies } from '../hooks/use-copilot-replies';
import { CopilotAnswer, CopilotFailure } from './copilot-answer';
import { CopilotComposer } from './copilot-composer';

/** How much of the conversation above a new answer stays in sight when it is scrolled to. */
const answerLeadPx = 48;

/** Questions a new conversation can start with: one of each thing the copilot does. */
const starters = ['Find seed decks', 'List my interests', 'What changed this week?'];

type CopilotConversationProps = {
  room: ChatRoom;
  /** The bot room's stored messages, ascending seq (the chat widget's thread of it). */
  messages: ChatMessage[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadHistory: () => void;
  onLoadOlder: () => void;
  /** Places the ask's two stored messages in the thread (the socket brings them too, merged by seq). */
  onStored: (messages: ChatMessage[]) => void;
  onBack: (() => void) | null;
  /** A citation was followed: the widget makes way for the viewer. */
  onLeave: () => void;
  composerRef: Ref<HTMLTextAreaElement>;
};

/** The question on its way or the one that failed: shown after the stored conversation. */
type Ask = { question: string; status: 'asking' | 'failed'; message: string };

function QuestionBubble({ text, isPending = false }: { text: string; isPending?: boolean }) {
  return (
    <Box
      px="sm"
      py={8}
      bg="violet.7"
      c="white"
      fz="sm"
      maw="85%"
      style={{
        alignSelf: 'flex-end',
        borderRadius: '12px 4px 12px 12px',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        opacity: isPending ? 0.85 : 1,
      }}
      data-testid="copilot-question"
    >
      {text}
    </Box>
  );
}

/**
 * The copilot's room in the chat widget (spec §2, issue 20): questions go through POST
 * /api/v1/ai/chat, never the socket (a bot room takes no chat:message), with the recent
 * conversation as context. The conversation shown is the room's chat history, so it survives a
 * reload and follows the investor to another device; the structured part of each answer is read
 * beside it (useCopilotReplies).
 */
export function CopilotConversation({
  room,
  messages,
  status,
  error,
  hasOlder,
  isLoadingOlder,
  onLoadHistory,
  onLoadOlder,
  onStored,
  onBack,
  onLeave,
  composerRef,
}: CopilotConversationProps) {
  const dispatch = useDispatch();
  const [askCopilot] = useAskCopilotMutation();
  const [ask, setAsk] = useState<Ask | null>(null);
  const isAsking = ask?.status === 'asking';
  const replies = useCopilotReplies(messages, { isPaused: isAsking });
  const scrollRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (status === 'idle') onLoadHistory();
  }, [status, onLoadHistory]);

  // The newest exchange in sight when the bottom of the conversation changes; older history
  // paged in at the top leaves the reader where they were. A long answer (a comparison) is read
  // from its start, so it is scrolled to its top with the question's end above it, not to its end.
  const newestId = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the bottom of the conversation changes.
  useLayoutEffect(() => {
    const list = scrollRef.current;
    if (!list) return;
    const bottom = list.scrollHeight - list.clientHeight;
    const answers = list.querySelectorAll('[data-testid="copilot-answer"]');
    const lastAnswer = ask ? null : answers[answers.length - 1];
    if (!lastAnswer || messages.at(-1)?.senderId !== null) {
      list.scrollTop = bottom;
      return;
    }
    const answerTop = lastAnswer.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    list.scrollTop = Math.min(bottom, Math.max(0, answerTop - answerLeadPx));
  }, [newestId, ask, status]);

  const handleAsk = async (question: string) => {
    if (isAsking) return;
    setAsk({ question, status: 'asking', message: '' });
    // Answers whose proposals 'yes' or 'no' in the room might decide, to read again afterwards.
    const pending = Object.entries(replies.held).flatMap(([id, held]) =>
      held?.actionStatus === 'pending' && held.reply.action ? [{ id, pitchDeckId: held.reply.action.pitchDeckId }] : [],
    );
    try {
      const answer = await askCopilot({ roomId: room.id, messages: conversationOf(messages, question) }).unwrap();
      replies.remember(answer.messages.answer.id, answer.reply);
      onStored([answer.messages.question, answer.messages.answer]);
      setAsk(null);
      if (pending.length > 0) {
        await replies.refresh(pending.map((entry) => entry.id));
        for (const entry of pending) dispatch(invalidateInterests(entry.pitchDeckId));
      }
    } catch (failure) {
      // Spec §8: every failure reads the same; the reason is logged for whoever looks.
      console.warn('[copilot] the ask failed', failure);
      setAsk({ question, status: 'failed', message: copilotFailureText });
    }
  };

  const lastAnswerId = [...messages].reverse().find(isCopilotMessage)?.id;

  let body: ReactNode;
  if (status === 'idle' || status === 'loading') {
    body = (
      <Group justify="center" py="xl">
        <Loader size="sm" aria-label="Loading the conversation" />
      </Group>
    );
  } else if (status === 'error') {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{error}</Text>
          <Button size="xs" variant="white" color="red" onClick={onLoadHistory}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <>
        {hasOlder ? (
          <Button
            size="compact-xs"
            variant="subtle"
            style={{ alignSelf: 'center' }}
            loading={isLoadingOlder}
            onClick={onLoadOlder}
          >
            Show earlier messages
          </Button>
        ) : null}
        {messages.length === 0 && !ask ? (
          <Stack gap="xs" py="md" data-testid="copilot-intro">
            <Text fz="sm">
              Ask about the decks you can see: find decks, summarise one, compare two to four, or show interest. Every
              figure links to the page it comes from.
            </Text>
            <Group gap={6}>
              {starters.map((starter) => (
                <Button
                  key={starter}
                  size="compact-xs"
                  radius="xl"
                  variant="light"
                  color="violet"
                  onClick={() => void handleAsk(starter)}
                >
                  {starter}
                </Button>
              ))}
            </Group>
          </Stack>
        ) : null}
        {messages.map((message) =>
          isCopilotMessage(message) ? (
            <CopilotAnswer
              key={message.id}
              text={message.content}
              held={replies.held[message.id]}
              isLatest={message.id === lastAnswerId && !ask}
              isAsking={isAsking}
              onAsk={(question) => void handleAsk(question)}
              onActionStatus={(actionStatus) => replies.setActionStatus(message.id, actionStatus)}
              onLeave={onLeave}
            />
          ) : (
            <QuestionBubble key={message.id} text={message.content} />
          ),
        )}
        {ask ? <QuestionBubble text={ask.question} isPending={isAsking} /> : null}
        {ask?.status === 'failed' ? (
          <CopilotFailure message={ask.message} onRetry={() => void handleAsk(ask.question)} />
        ) : null}
      </>
    );
  }

  return (
    <Stack gap={0} h="100%" style={{ minWidth: 0 }} data-testid="copilot-conversation" data-room-id={room.id}>
      <Group
        gap="sm"
        px="sm"
        py="xs"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', minHeight: 52 }}
      >
        {onBack ? (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={onBack}
          >
            Back
          </Button>
        ) : null}
        <ThemeIcon variant="filled" color="violet.7" radius="xl" size={32} aria-hidden>
          <IconSparkles size={18} />
        </ThemeIcon>
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            <Title
              order={3}
              fz="sm"
              lh={1.3}
              data-testid="chat-conversation-title"
              style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {room.name}
            </Title>
            <Badge size="xs" variant="light" color="violet" tt="none" style={{ flex: 'none' }}>
              AI Chat
            </Badge>
          </Group>
          <Text fz="xs" c="dimmed" truncate="end">
            Answers from the decks you can see, with page links
          </Text>
        </Box>
      </Group>

      <Stack
        ref={scrollRef}
        gap="sm"
        p="sm"
        role="log"
        aria-label={`Conversation with ${room.name}`}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
      >
        {body}
      </Stack>

      <Group gap={8} px="sm" h={22} wrap="nowrap" aria-live="polite" data-testid="copilot-thinking">
        {isAsking ? (
          <>
            <Loader type="dots" size="xs" color="violet" aria-hidden />
            <Text fz="xs" c="dimmed">
              {room.name} is thinking…
            </Text>
          </>
        ) : null}
      </Group>
      <Box style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <CopilotComposer ref={composerRef} isBusy={isAsking} onAsk={(question) => void handleAsk(question)} />
      </Box>
    </Stack>
  );
}
