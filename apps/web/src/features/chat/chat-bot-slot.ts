import type { ChatMessage, ChatRoom } from '@deckvalid/contract/chat';
import type { ComponentType, Ref } from 'react';

/**
 * What a bot room's conversation is given by the widget (docs/chat.md, "The copilot room"): the
 * room's stored messages as the chat session holds them (history, catch-up and live events all
 * merged by seq), and a way to place messages the bot's own call answered with.
 */
export type ChatBotConversationProps = {
  room: ChatRoom;
  /** Stored messages, ascending seq; in a bot room a message without a sender is the bot's. */
  messages: ChatMessage[];
  /** 'idle' until the history is asked for; 'error' carries `error`. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadHistory: () => void;
  onLoadOlder: () => void;
  /** Merges stored messages into the thread (the ask answers with them before the socket does). */
  onStored: (messages: ChatMessage[]) => void;
  /** Phones show the list or the conversation; the Back button returns to the list. */
  onBack: (() => void) | null;
  /** A link into the app was followed: the panel steps aside for the page. */
  onLeave: () => void;
  composerRef: Ref<HTMLTextAreaElement>;
};

/**
 * A bot's parts of the widget, given by app/ (features do not import each other): the card that
 * opens its room while none exists, and the room's conversation. Without it, a bot room shows as
 * any other room and no card is offered (founders).
 */
export type ChatBotSlot = {
  StartCard: ComponentType<{ onOpened: (room: ChatRoom) => void }>;
  Conversation: ComponentType<ChatBotConversationProps>;
};
