import type { ChatMessage, ChatReactionEmoji, ChatRoom } from '@deckvalid/contract/chat';
import { createContext, useContext } from 'react';
import type { ChatState } from '../chat-slice';

/** The signed-in person, as the chat needs them: 'mine' and 'Seen' are decided by this id. */
export type ChatMe = { id: string; name: string };

/** What the chat session offers its views (ChatProvider implements it). */
export type ChatContextValue = {
  me: ChatMe;
  /** The socket's connected flag (spec §4), shown as the Connected / Disconnected dot. */
  isConnected: boolean;
  rooms: ChatRoom[];
  isLoadingRooms: boolean;
  /** The room list's failure in words, or null. */
  roomsError: string | null;
  state: ChatState;
  isPanelOpen: boolean;
  /** The conversation shown, or null for 'Select a conversation'. */
  activeRoomId: string | null;
  openPanel: (roomId?: string) => void;
  /** A search hit to show: its room opens, pages back until the message is held, and scrolls to it. */
  focusedMessage: { roomId: string; seq: number } | null;
  /** Opens a room at one of its messages (a search result). */
  openAtMessage: (roomId: string, seq: number) => void;
  closePanel: () => void;
  selectRoom: (roomId: string | null) => void;
  reloadRooms: () => void;
  loadHistory: (roomId: string) => void;
  /** The page before the oldest message held; `limit` larger than a page when seeking a search hit. */
  loadOlder: (roomId: string, limit?: number) => void;
  /** Sends a message (a reply to `replyToId`); false when it was not sent (blank, no socket, no room, read-only). */
  send: (roomId: string, text: string, replyToId?: string) => boolean;
  /** The author rewrites their message; answers the refusal in words, or null once done. */
  editMessage: (roomId: string, messageId: string, content: string) => Promise<string | null>;
  /** The author deletes their message; answers the refusal in words, or null once done. */
  deleteMessage: (roomId: string, messageId: string) => Promise<string | null>;
  /** Puts the person's reaction on a message or takes it off; answers the refusal, or null. */
  react: (roomId: string, messageId: string, emoji: ChatReactionEmoji, reacted: boolean) => Promise<string | null>;
  /** Stored messages a call answered with (a bot's ask), merged as the socket's would be. */
  receiveStored: (messages: ChatMessage[]) => void;
  retry: (roomId: string, clientId: string) => void;
  discard: (roomId: string, clientId: string) => void;
  /** Call on each keystroke in the composer: announces typing, and its end after 900 ms idle. */
  reportTyping: (roomId: string) => void;
  /** The conversation is scrolled to its bottom showing up to `seq`: mark-read, throttled. */
  reportReadUpTo: (roomId: string, seq: number) => void;
};

export const ChatContext = createContext<ChatContextValue | null>(null);

/** The chat session of the widget this component sits in. */
export function useChat(): ChatContextValue {
  const value = useContext(ChatContext);
  if (!value) throw new Error('useChat must be used inside a ChatProvider');
  return value;
}
