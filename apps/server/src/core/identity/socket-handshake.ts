import type { ChatEventMode } from '@deckvalid/contract/chat';
import type { Socket } from 'socket.io';
import { AppError } from '@/lib/errors';
import type { Authenticator, Principal } from './principal';

/**
 * What an admitted socket carries; set by the handshake before the socket joins anything.
 * `eventMode` is the client's `auth.events` (contract `chatEventModes`); anything else is `full`.
 */
export type SocketData = { principal: Principal; eventMode: ChatEventMode };

type Next = (error?: Error) => void;

/**
 * Socket.IO middleware for a namespace: the handshake's `auth` carries the same three credentials
 * as HTTP calls, and a socket that fails them is refused before it joins anything. A refusal
 * names only the error code, which is what the client reads; anything unexpected is INTERNAL.
 */
export function socketHandshake(auth: Authenticator): (socket: Socket, next: Next) => Promise<void> {
  return async (socket, next) => {
    const handshake = socket.handshake.auth as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    try {
      const principal = await auth.authenticate({
        authorization: text(handshake.authorization),
        controlSignature: text(handshake.controlSignature),
        hashToken: text(handshake.hashToken),
      });
      const data = socket.data as SocketData;
      data.principal = principal;
      data.eventMode = handshake.events === 'compact' ? 'compact' : 'full';
      next();
    } catch (error) {
      const refusal = new Error(error instanceof AppError ? error.code : 'INTERNAL');
      next(refusal);
    }
  };
}
