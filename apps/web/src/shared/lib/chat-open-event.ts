/**
 * The window event that opens the chat widget on a room (spec §2: `chat:open` carrying a roomId).
 * It lives in shared/ because any screen may start a conversation while only the chat feature
 * listens, and features do not import each other.
 */
export const chatOpenEvent = 'chat:open';

export type ChatOpenDetail = { roomId: string };

/** Asks the mounted chat widget to open on `roomId`. */
export function dispatchChatOpen(roomId: string): void {
  window.dispatchEvent(new CustomEvent<ChatOpenDetail>(chatOpenEvent, { detail: { roomId } }));
}

/** The room id of a `chat:open` event, or null for anything malformed. */
export function roomIdOfChatOpen(event: Event): string | null {
  const detail = (event as CustomEvent<Partial<ChatOpenDetail> | null>).detail;
  return typeof detail?.roomId === 'string' && detail.roomId !== '' ? detail.roomId : null;
}
