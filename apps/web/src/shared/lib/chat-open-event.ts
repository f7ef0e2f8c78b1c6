/**
 * The window event that opens the chat widget on a room (spec §2: `chat:open` carrying a roomId).
 * It lives in shared/ because any screen may start a conversation while only the chat feature
 * listens, and features do not import each other.
 */
export const chatOpenEvent = 'chat:open';

export type ChatOpenDetail = { roomId: string };

/**
 * The last room asked for and not yet opened. The widget is its own chunk, loaded after the
 * page paints: a "Message" button pressed before it arrives would fire an event nobody hears, so
 * the widget also takes this when it mounts.
 */
let pendingRoomId: string | null = null;

/** Asks the chat widget to open on `roomId`: at once if it is mounted, else as soon as it mounts. */
export function dispatchChatOpen(roomId: string): void {
  pendingRoomId = roomId;
  window.dispatchEvent(new CustomEvent<ChatOpenDetail>(chatOpenEvent, { detail: { roomId } }));
}

/** The room asked for before the widget could hear it, once; null when there is none. */
export function takePendingChatOpen(): string | null {
  const roomId = pendingRoomId;
  pendingRoomId = null;
  return roomId;
}

/** The room id of a `chat:open` event, or null for anything malformed. */
export function roomIdOfChatOpen(event: Event): string | null {
  const detail = (event as CustomEvent<Partial<ChatOpenDetail> | null>).detail;
  return typeof detail?.roomId === 'string' && detail.roomId !== '' ? detail.roomId : null;
}
