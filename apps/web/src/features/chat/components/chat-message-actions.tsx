import {
  type ChatMessage,
  type ChatParticipant,
  type ChatReactionEmoji,
  chatReactionEmoji,
} from '@deckvalid/contract/chat';
import { ActionIcon, Box, Button, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';

/** What one can do to a message held: reply to it, react, and (its author) edit or delete it. */
export type MessageActions = {
  onReply: (message: ChatMessage) => void;
  onEdit: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  onReact: (message: ChatMessage, emoji: ChatReactionEmoji, reacted: boolean) => void;
  /** Opens the message a reply answers (pages back to it and marks it). */
  onJump: (seq: number) => void;
};

/** Who reacted, by name as the room knows them ("Ravi Mehta and you"). */
export function reactorNames(accountIds: string[], participants: ChatParticipant[], myId: string): string {
  const names = accountIds.map((id) =>
    id === myId ? 'you' : (participants.find((participant) => participant.id === id)?.name ?? 'a former member'),
  );
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The ⋯ menu beside a message: the fixed reactions, Reply, and for its author Edit and Delete. */
export function MessageActionsMenu({
  message,
  isMine,
  canAct,
  actions,
  myId,
}: {
  message: ChatMessage;
  isMine: boolean;
  /** False in a read-only room: reading only. */
  canAct: boolean;
  actions: MessageActions;
  myId: string;
}) {
  if (message.deletedAt !== null || !canAct) return null;
  const hasReacted = (emoji: ChatReactionEmoji) =>
    message.reactions.some((reaction) => reaction.emoji === emoji && reaction.accountIds.includes(myId));
  return (
    <Menu position={isMine ? 'bottom-end' : 'bottom-start'} withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label="Message actions"
          data-testid="chat-message-actions"
          style={{ flex: 'none' }}
        >
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap={2} px={4} py={4} justify="space-between" wrap="nowrap">
          {chatReactionEmoji.map((emoji) => (
            <Menu.Item
              key={emoji}
              p={4}
              w="auto"
              aria-label={`${hasReacted(emoji) ? 'Remove' : 'React with'} ${emoji}`}
              onClick={() => actions.onReact(message, emoji, !hasReacted(emoji))}
              style={{ fontSize: 18, lineHeight: 1 }}
            >
              {emoji}
            </Menu.Item>
          ))}
        </Group>
        <Menu.Divider />
        <Menu.Item leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => actions.onReply(message)}>
          Reply
        </Menu.Item>
        {isMine ? (
          <>
            <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => actions.onEdit(message)}>
              Edit
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => actions.onDelete(message)}
            >
              Delete
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

/** What a reply answers, inside its bubble: a click opens that message. */
export function ReplyQuote({
  replyTo,
  isMine,
  onJump,
}: {
  replyTo: NonNullable<ChatMessage['replyTo']>;
  isMine: boolean;
  onJump: (seq: number) => void;
}) {
  return (
    <UnstyledButton
      onClick={() => onJump(replyTo.seq)}
      data-testid="chat-reply-quote"
      data-reply-seq={replyTo.seq}
      mb={4}
      px={8}
      py={4}
      w="100%"
      style={{
        display: 'block',
        borderLeft: `3px solid ${isMine ? 'rgba(255,255,255,0.7)' : 'var(--mantine-color-indigo-4)'}`,
        borderRadius: 6,
        background: isMine ? 'rgba(255,255,255,0.14)' : 'var(--mantine-color-gray-0)',
        color: 'inherit',
      }}
    >
      <VisuallyHidden>Go to the message this replies to: </VisuallyHidden>
      <Text fz={11} fw={700} c="inherit" truncate="end">
        {replyTo.senderName ?? 'Former member'}
      </Text>
      <Text fz="xs" c="inherit" fs={replyTo.isDeleted ? 'italic' : undefined} lineClamp={2} style={{ opacity: 0.85 }}>
        {replyTo.isDeleted ? 'Message deleted' : replyTo.excerpt}
      </Text>
    </UnstyledButton>
  );
}

/** The reactions under a message: each emoji with its count; a click toggles one's own. */
export function ReactionBar({
  message,
  participants,
  myId,
  canAct,
  onReact,
}: {
  message: ChatMessage;
  participants: ChatParticipant[];
  myId: string;
  canAct: boolean;
  onReact: (emoji: ChatReactionEmoji, reacted: boolean) => void;
}) {
  if (message.reactions.length === 0) return null;
  return (
    <Group gap={4} px={2} data-testid="chat-reactions">
      {message.reactions.map((reaction) => {
        const isMine = reaction.accountIds.includes(myId);
        const who = reactorNames(reaction.accountIds, participants, myId);
        return (
          // The native title names who reacted on hover: a tooltip portal outside the widget's
          // dialog would sit outside every landmark.
          <Button
            key={reaction.emoji}
            title={`${who} reacted with ${reaction.emoji}`}
            size="compact-xs"
            radius="xl"
            variant={isMine ? 'light' : 'default'}
            color={isMine ? 'indigo' : 'gray'}
            aria-pressed={isMine}
            aria-label={`${reaction.emoji} ${reaction.count}: ${who}`}
            disabled={!canAct}
            onClick={() => onReact(reaction.emoji, !isMine)}
            data-testid="chat-reaction"
            data-emoji={reaction.emoji}
            data-count={reaction.count}
          >
            <Box component="span" mr={4} aria-hidden>
              {reaction.emoji}
            </Box>
            {reaction.count}
          </Button>
        );
      })}
    </Group>
  );
}
