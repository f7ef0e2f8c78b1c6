import { type LinkViewing, linkSocketEvents } from '@deckvalid/contract/links';
import type { Namespace } from 'socket.io';
import { accountRoom } from '@/realtime/socket';

/**
 * "Someone is viewing now": each pass through a link's gate is told to every socket of the deck's
 * founder (their own room on /chats), on every process through the Socket.IO adapter.
 */
export class LinkSockets {
  private namespace: Namespace | undefined;

  attach(namespace: Namespace): void {
    this.namespace = namespace;
  }

  viewing(founderId: string, payload: LinkViewing): void {
    this.namespace?.to(accountRoom(founderId)).emit(linkSocketEvents.viewing, payload);
  }
}
