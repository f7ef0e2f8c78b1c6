import {
  type InboxChanged,
  inboxChangedEvent,
  type LiveNotification,
  liveNotificationEvent,
} from '@deckvalid/contract/notifications';
import type { Namespace } from 'socket.io';
import { accountRoom } from '@/realtime/socket';
import type { LiveChannel } from './inbox.service';

/**
 * Live notifications on the /chats namespace: to the account's room, so every tab of the person
 * hears it, on every process through the Socket.IO adapter.
 */
export class NotificationSockets implements LiveChannel {
  private namespace: Namespace | undefined;

  attach(namespace: Namespace): void {
    this.namespace = namespace;
  }

  send(accountId: string, notification: LiveNotification): void {
    this.namespace?.to(accountRoom(accountId)).emit(liveNotificationEvent, notification);
  }

  changed(accountId: string, unreadCount: number): void {
    const payload: InboxChanged = { unreadCount };
    this.namespace?.to(accountRoom(accountId)).emit(inboxChangedEvent, payload);
  }
}
