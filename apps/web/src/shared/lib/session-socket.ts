import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';

/**
 * The signed-in session's socket on /chats, for features other than the one that owns it.
 *
 * The chat feature opens the one socket of a session (ChatProvider) and publishes it here while it
 * lives; a milestone page joins its room on that same socket. The socket cannot be handed down as
 * context because the chat widget is a sibling of the routed pages, not their parent, and features
 * may not import each other. Only the owner publishes, and it publishes `null` when it closes the
 * socket, so nothing here outlives a session.
 */
let current: Socket | null = null;
const listeners = new Set<() => void>();

/** Called by the socket's owner when it opens one (and with null when it closes it). */
export function publishSessionSocket(socket: Socket | null): void {
  if (current === socket) return;
  current = socket;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = () => current;
const readOnServer = () => null;

/** The session's socket, or null while none is open; re-renders when it is replaced. */
export function useSessionSocket(): Socket | null {
  return useSyncExternalStore(subscribe, read, readOnServer);
}
