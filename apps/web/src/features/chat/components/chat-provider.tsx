import type { Tokens } from '@deckvalid/contract/auth';
import { type ChatMessage, type ChatRoom, chatSocketEvents } from '@deckvalid/contract/chat';
import type { LiveNotification } from '@deckvalid/contract/notifications';
import { maxPageSize } from '@deckvalid/contract/pagination';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { describeApiError } from '@/shared/api/api-error';
import { chatOpenEvent, roomIdOfChatOpen, takePendingChatOpen } from '@/shared/lib/chat-open-event';
import { publishSessionSocket } from '@/shared/lib/session-socket';
import { showClickableToast } from '@/shared/ui/show-clickable-toast';
import { type ChatMessagesArgs, chatApi, refetchChatRooms, useChatRoomsQuery } from '../chat-api';
import {
  applyMessageToRooms,
  applyReadToRooms,
  applyRevisionToRooms,
  automaticResendDelayMs,
  chatTimings,
  contiguousSeq,
  createClientId,
  createMarkReadScheduler,
  firstLine,
  type MarkReadScheduler,
  newestRev,
  newestSeq,
  type PendingMessage,
} from '../chat-model';
import { type ChatAction, type ChatState, chatActions, chatReducer, initialChatState } from '../chat-slice';
import { type ChatAck, type ChatSocket, createChatSocket } from '../chat-socket';
import { ChatContext, type ChatContextValue, type ChatMe } from '../hooks/use-chat';

/**
 * The app store's dispatch as far as this feature knows it: it runs the API slice's thunks, whose
 * state type is the app's and cannot be named below app/ (`never` accepts any thunk's getState).
 */
type StoreDispatch = ThunkDispatch<never, unknown, UnknownAction>;

/** What an edit, a deletion or a reaction is acknowledged with. */
type ChatAckOf = ChatAck<{ message: ChatMessage }>;

/** Ids of messages already handled, so the duplicate `chat:message` of a `chat:new_message` is ignored. */
const seenIdsKept = 500;

const noRooms: ChatRoom[] = [];

/** Socket errors are only logged (spec §8). */
function logSocketProblem(what: string, detail: unknown) {
  console.warn(`[chat] ${what}`, detail);
}

/** A toast for a message in a room the person is not looking at: the sender and the first line; a click opens the room. */
/** A toast for a message; one without a sender (the copilot's answer) is named by its room. */
function showMessageToast(message: ChatMessage, roomName: string | undefined, onOpen: () => void) {
  showClickableToast({
    id: `chat-${message.id}`,
    title: message.sender?.name ?? roomName ?? 'New message',
    message: firstLine(message.content),
    color: 'indigo',
    onOpen,
  });
}

type ChatProviderProps = {
  /** The session's credentials; the socket lives exactly as long as this provider. */
  tokens: Tokens;
  me: ChatMe;
  /** Live notifications arrive on this socket too; app/ decides what they do. */
  onLiveNotification?: (notification: LiveNotification) => void;
  children: ReactNode;
};

/**
 * One signed-in session's chat: its socket on /chats, its threads, and the widget's open state.
 * Mount it once per session (app/ keys it by role and token), so signing out or switching role
 * unmounts it, which disconnects the socket and drops every message held: there is no module
 * state to forget to clear.
 *
 * Delivery follows docs/chat.md: on every (re)connect the open room is joined once, each thread
 * held is caught up with `afterSeq` until `hasMore` is false, sends still waiting for an
 * acknowledgement are sent again (the server recognises their clientId), and the room list is
 * refetched for fresh unread counts. Every merge is by seq, so overlaps never show twice.
 */
export function ChatProvider({ tokens, me, onLiveNotification, children }: ChatProviderProps) {
  const storeDispatch = useDispatch<StoreDispatch>();
  const roomsQuery = useChatRoomsQuery(me.id);
  const rooms = roomsQuery.data ?? noRooms;
  const { isLoading: isLoadingRooms, isError: isRoomsError, error: roomsFailure, refetch: refetchRooms } = roomsQuery;

  // A reducer mirrored in a ref, so socket handlers and async flows read the state they just
  // wrote (a catch-up asks for the seq after the page it merged a moment ago).
  const [state, setState] = useState<ChatState>(initialChatState);
  const stateRef = useRef(state);
  const dispatch = useCallback((action: ChatAction) => {
    stateRef.current = chatReducer(stateRef.current, action);
    setState(stateRef.current);
  }, []);

  const [socket, setSocket] = useState<ChatSocket | null>(null);
  const [isConnected, setIsConnected] = useState(false);
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const [activeRoomId, setActiveRoomId] = useState<string | null>(null);
  const [focusedMessage, setFocusedMessage] = useState<{ roomId: string; seq: number } | null>(null);

  // What handlers registered once per socket need to read as it is now.
  const viewRef = useRef({ isPanelOpen, activeRoomId, rooms });
  viewRef.current = { isPanelOpen, activeRoomId, rooms };
  const socketRef = useRef<ChatSocket | null>(null);
  /** Automatic resends of each send the server refused as overload, by client id. */
  const resendsRef = useRef(new Map<string, number>());
  const emitMessageRef = useRef<(pending: PendingMessage) => void>(() => undefined);
  const liveNotificationRef = useRef(onLiveNotification);
  liveNotificationRef.current = onLiveNotification;
  /** The room this connection joined; reset on every connect so the open room is joined once per connect. */
  const joinedRoomRef = useRef<string | null>(null);
  /** Counts connects, so a history page requested before one is caught up after it. */
  const connectEpochRef = useRef(0);
  /** Rooms being caught up, each with whether another round was asked for meanwhile. */
  const catchingUpRef = useRef(new Map<string, boolean>());
  const markReadRef = useRef(new Map<string, MarkReadScheduler>());
  const typingSentRef = useRef<{ roomId: string; sentAt: number; timer: ReturnType<typeof setTimeout> } | null>(null);

  const fetchPage = useCallback(
    (args: ChatMessagesArgs) =>
      storeDispatch(chatApi.endpoints.chatMessages.initiate(args, { subscribe: false, forceRefetch: true })).unwrap(),
    [storeDispatch],
  );

  /** The room list's preview follows an edit or a deletion of a room's last message. */
  const reviseRooms = useCallback(
    (message: ChatMessage) =>
      storeDispatch(chatApi.util.updateQueryData('chatRooms', me.id, (rooms) => applyRevisionToRooms(rooms, message))),
    [me.id, storeDispatch],
  );

  /**
   * Fetches everything after the last seq held without a hole, page after page, then every
   * change after the last change held (docs/chat.md, catch-up).
   */
  const catchUp = useCallback(
    async (roomId: string) => {
      // One catch-up per room at a time; a connect during it asks for one more round after it,
      // since the running one may have failed with the connection that just came back.
      const running = catchingUpRef.current;
      if (running.has(roomId)) {
        running.set(roomId, true);
        return;
      }
      running.set(roomId, false);
      try {
        do {
          running.set(roomId, false);
          for (;;) {
            const afterSeq = contiguousSeq(stateRef.current.threads[roomId]?.messages ?? []);
            const page = await fetchPage({ roomId, afterSeq });
            dispatch(chatActions.messagesReceived({ roomId, messages: page.messages }));
            if (!page.meta.hasMore || page.messages.length === 0) break;
          }
          // Then the edits, deletions and reactions made since the last change held, in their
          // order: the messages held end as everyone else sees them (docs/chat.md).
          for (;;) {
            const changedAfterRev = stateRef.current.threads[roomId]?.lastRev ?? 0;
            const page = await fetchPage({ roomId, changedAfterRev, limit: maxPageSize });
            const isLast = !page.meta.hasMore || page.messages.length === 0;
            const lastRev = isLast ? Math.max(page.meta.lastRev, newestRev(page.messages)) : newestRev(page.messages);
            dispatch(chatActions.messagesRevised({ roomId, messages: page.messages, lastRev }));
            for (const message of page.messages) reviseRooms(message);
            if (isLast) break;
          }
        } while (running.get(roomId));
      } catch (error) {
        logSocketProblem(`catch-up of ${roomId} failed`, error);
      } finally {
        running.delete(roomId);
      }
    },
    [dispatch, fetchPage, reviseRooms],
  );

  /**
   * A message as a change left it, from an event or an acknowledgement. Changes of a room are
   * numbered without gaps, so one past the next number means one was missed (its broadcast died
   * with its process): the held number stays, and the catch-up of changes fetches from it.
   */
  const receiveRevision = useCallback(
    (message: ChatMessage) => {
      const roomId = message.chatRoomId;
      const held = stateRef.current.threads[roomId];
      const heldRev = held?.lastRev ?? 0;
      const isNext = message.rev <= heldRev + 1;
      dispatch(
        chatActions.messagesRevised({
          roomId,
          messages: [message],
          lastRev: isNext ? Math.max(heldRev, message.rev) : heldRev,
        }),
      );
      reviseRooms(message);
      if (!isNext && held?.status === 'ready' && socketRef.current?.connected) void catchUp(roomId);
    },
    [catchUp, dispatch, reviseRooms],
  );

  /** Sends an edit, a deletion or a reaction; answers the server's refusal in words, or null. */
  const changeMessage = useCallback(
    (
      emitChange: (socket: ChatSocket, ack: (error: Error | null, answer: ChatAckOf) => void) => void,
    ): Promise<string | null> =>
      new Promise((resolve) => {
        const current = socketRef.current;
        if (!current?.connected) {
          resolve('Reconnecting… Try again once the connection is back.');
          return;
        }
        emitChange(current, (error, answer) => {
          if (error) resolve('Pitchlane did not confirm this change. Try again.');
          else if (!answer.ok) resolve(answer.error.message);
          else {
            receiveRevision(answer.message);
            resolve(null);
          }
        });
      }),
    [receiveRevision],
  );

  const loadHistory = useCallback(
    async (roomId: string) => {
      const epoch = connectEpochRef.current;
      dispatch(chatActions.historyRequested({ roomId }));
      try {
        const page = await fetchPage({ roomId });
        dispatch(
          chatActions.historyLoaded({
            roomId,
            messages: page.messages,
            hasMore: page.meta.hasMore,
            lastRev: page.meta.lastRev,
          }),
        );
        // A connect while the page was on its way may have missed what was sent in between.
        if (connectEpochRef.current !== epoch && socketRef.current?.connected) void catchUp(roomId);
      } catch (error) {
        dispatch(chatActions.historyFailed({ roomId, error: describeApiError(error).message }));
      }
    },
    [catchUp, dispatch, fetchPage],
  );

  const loadOlder = useCallback(
    async (roomId: string, limit?: number) => {
      const thread = stateRef.current.threads[roomId];
      const oldest = thread?.messages[0];
      if (!thread || !oldest || !thread.hasOlder || thread.isLoadingOlder) return;
      dispatch(chatActions.olderRequested({ roomId }));
      try {
        const page = await fetchPage({ roomId, before: oldest.seq, ...(limit ? { limit } : {}) });
        dispatch(chatActions.olderLoaded({ roomId, messages: page.messages, hasMore: page.meta.hasMore }));
      } catch (error) {
        dispatch(chatActions.olderFailed({ roomId }));
        logSocketProblem(`older messages of ${roomId} failed`, error);
      }
    },
    [dispatch, fetchPage],
  );

  /** Whether the person is looking at this room right now. */
  const isViewing = useCallback((roomId: string) => {
    const view = viewRef.current;
    return view.isPanelOpen && view.activeRoomId === roomId && document.visibilityState !== 'hidden';
  }, []);

  /** A stored message from any source: merged by seq, the room's summary and unread count moved once. */
  const receive = useCallback(
    (message: ChatMessage, { isLive }: { isLive: boolean }) => {
      const roomId = message.chatRoomId;
      const isLooking = isViewing(roomId);
      const held = stateRef.current.threads[roomId];
      // A live message past a hole: something between was missed, so catch up from below it.
      const skipsAhead =
        isLive && held?.status === 'ready' && held.messages.length > 0 && message.seq > newestSeq(held.messages) + 1;
      dispatch(chatActions.messagesReceived({ roomId, messages: [message] }));
      if (skipsAhead) void catchUp(roomId);
      let isKnownRoom = false;
      storeDispatch(
        chatApi.util.updateQueryData('chatRooms', me.id, (rooms) => {
          isKnownRoom = applyMessageToRooms(rooms, message, { myId: me.id, isViewing: isLooking });
        }),
      );
      // A room this list does not know yet (opened by the other side a moment ago).
      if (!isKnownRoom) storeDispatch(refetchChatRooms());
      const room = viewRef.current.rooms.find((candidate) => candidate.id === roomId);
      if (isLive && message.senderId !== me.id && !isLooking && !room?.muted) {
        showMessageToast(message, room?.name, () => {
          setActiveRoomId(roomId);
          setIsPanelOpen(true);
        });
      }
    },
    [catchUp, dispatch, isViewing, me.id, storeDispatch],
  );

  const emitMessage = useCallback(
    (pending: PendingMessage) => {
      const current = socketRef.current;
      if (!current) return;
      const { chatRoomId, content, clientId, replyToId } = pending;
      current
        .timeout(chatTimings.sendAckTimeoutMs)
        .emit(
          'chat:message',
          { chatRoomId, content, type: 'text', clientId, ...(replyToId ? { replyToId } : {}) },
          (error, answer) => {
            if (error) {
              // No acknowledgement: if the socket dropped, the send goes again on reconnect.
              if (socketRef.current?.connected) {
                dispatch(
                  chatActions.messageFailed({
                    roomId: chatRoomId,
                    clientId,
                    error: 'Pitchlane did not confirm this message. Try again.',
                  }),
                );
              }
              return;
            }
            if (answer.ok) {
              resendsRef.current.delete(clientId);
              receive(answer.message, { isLive: false });
              return;
            }
            // Overload passes: the message stays "sending" and goes again after the server's wait.
            const resendsSoFar = resendsRef.current.get(clientId) ?? 0;
            const delayMs = automaticResendDelayMs(answer.error, resendsSoFar);
            if (delayMs === null) {
              resendsRef.current.delete(clientId);
              dispatch(chatActions.messageFailed({ roomId: chatRoomId, clientId, error: answer.error.message }));
              return;
            }
            resendsRef.current.set(clientId, resendsSoFar + 1);
            setTimeout(() => {
              const still = stateRef.current.threads[chatRoomId]?.pending.find((each) => each.clientId === clientId);
              // Gone (stored after all) or the socket is away: a reconnect sends what is pending.
              if (still && socketRef.current?.connected) emitMessageRef.current(still);
            }, delayMs);
          },
        );
    },
    [dispatch, receive],
  );
  emitMessageRef.current = emitMessage;

  const markReadOf = useCallback(
    (roomId: string) => {
      let scheduler = markReadRef.current.get(roomId);
      if (!scheduler) {
        scheduler = createMarkReadScheduler((seq) => {
          socketRef.current?.emit('chat:mark_read', { chatRoomId: roomId, seq }, (answer) => {
            if (!answer.ok) {
              logSocketProblem('mark read refused', answer.error);
              return;
            }
            storeDispatch(chatApi.util.updateQueryData('chatRooms', me.id, (rooms) => applyReadToRooms(rooms, answer)));
          });
        });
        markReadRef.current.set(roomId, scheduler);
      }
      return scheduler;
    },
    [me.id, storeDispatch],
  );

  const stopTyping = useCallback(() => {
    const sent = typingSentRef.current;
    if (!sent) return;
    clearTimeout(sent.timer);
    typingSentRef.current = null;
    socketRef.current?.emit('chat:typing', { chatRoomId: sent.roomId, isTyping: false }, () => undefined);
  }, []);

  /** Joins `wanted` (leaving the room joined before), once per connection. */
  const syncJoinedRoom = useCallback(
    (wanted: string | null) => {
      const current = socketRef.current;
      if (!current?.connected) return;
      const joined = joinedRoomRef.current;
      if (joined === wanted) return;
      if (joined) {
        if (typingSentRef.current?.roomId === joined) stopTyping();
        current.emit('chat:leave', { chatRoomId: joined }, () => undefined);
      }
      joinedRoomRef.current = wanted;
      if (wanted) {
        current.emit('chat:join', { chatRoomId: wanted }, (answer) => {
          if (!answer.ok) logSocketProblem(`joining ${wanted} refused`, answer.error);
        });
      }
    },
    [stopTyping],
  );

  // The session's socket: opened with the session, closed with it.
  useEffect(() => {
    const current = createChatSocket(tokens);
    socketRef.current = current;
    setSocket(current);
    // Other features (a milestone page's live room) use this same socket; they never close it.
    publishSessionSocket(current);
    const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
    const seenIds = new Set<string>();
    const markReads = markReadRef.current;

    current.on('connect', () => {
      connectEpochRef.current += 1;
      joinedRoomRef.current = null;
      setIsConnected(true);
      const view = viewRef.current;
      syncJoinedRoom(view.isPanelOpen ? view.activeRoomId : null);
      for (const [roomId, thread] of Object.entries(stateRef.current.threads)) {
        if (thread.status === 'ready') void catchUp(roomId);
        // Sends whose acknowledgement the drop swallowed: the server answers a known clientId
        // with the stored message and broadcasts nothing twice.
        for (const pending of thread.pending) if (pending.status === 'sending') emitMessage(pending);
      }
      // Unread counts may have moved while no event could reach us; on the first connect too,
      // since the list may have been answered just before the socket subscribed.
      storeDispatch(refetchChatRooms());
    });
    current.on('disconnect', (reason) => {
      setIsConnected(false);
      joinedRoomRef.current = null;
      if (typingSentRef.current) clearTimeout(typingSentRef.current.timer);
      typingSentRef.current = null;
      logSocketProblem('disconnected', reason);
    });
    current.on('connect_error', (error) => logSocketProblem('connection failed', error.message));

    const handleMessage = (message: ChatMessage) => {
      if (seenIds.has(message.id)) return;
      seenIds.add(message.id);
      if (seenIds.size > seenIdsKept) seenIds.delete(seenIds.values().next().value as string);
      receive(message, { isLive: true });
    };
    // The socket is compact (chat-socket.ts): each message arrives once, under this name.
    current.on('chat:new_message', handleMessage);
    current.on(chatSocketEvents.messageUpdated, (message) => receiveRevision(message));

    current.on('chat:messages_read', (read) => {
      if (read.userId === me.id) {
        // This account read in another tab: follow its watermark.
        storeDispatch(
          chatApi.util.updateQueryData('chatRooms', me.id, (rooms) =>
            applyReadToRooms(rooms, { chatRoomId: read.chatRoomId, readSeq: read.readSeq }),
          ),
        );
        return;
      }
      dispatch(
        chatActions.receiptsReceived({
          roomId: read.chatRoomId,
          messageIds: read.messageIds,
          userId: read.userId,
          readAt: read.readAt,
        }),
      );
    });

    current.on('chat:user_typing', ({ chatRoomId, userId, userName, isTyping }) => {
      if (userId === me.id) return;
      const key = `${chatRoomId}:${userId}`;
      clearTimeout(typingTimers.get(key));
      typingTimers.delete(key);
      dispatch(chatActions.typingChanged({ roomId: chatRoomId, userId, userName, isTyping }));
      if (isTyping) {
        // Spec §9: a typing indicator nobody renews clears itself.
        typingTimers.set(
          key,
          setTimeout(() => {
            typingTimers.delete(key);
            dispatch(chatActions.typingChanged({ roomId: chatRoomId, userId, userName, isTyping: false }));
          }, chatTimings.typingShownMs),
        );
      }
    });

    const handlePresence =
      (kind: 'joined' | 'left') =>
      ({ chatRoomId, userId, userName }: { chatRoomId: string; userId: string; userName: string }) => {
        if (userId === me.id) return;
        const text = kind === 'joined' ? `${userName} opened the conversation` : `${userName} left the conversation`;
        dispatch(chatActions.noticeAdded({ roomId: chatRoomId, userId, kind, text, at: Date.now() }));
        if (kind === 'left')
          dispatch(chatActions.typingChanged({ roomId: chatRoomId, userId, userName, isTyping: false }));
      };
    current.on('chat:user_joined', handlePresence('joined'));
    current.on('chat:user_left', handlePresence('left'));
    current.on('chat:room_opened', () => storeDispatch(refetchChatRooms()));
    current.on('chat:rooms_changed', () => storeDispatch(refetchChatRooms()));
    // The server took this socket out of the room's channel already; the list shows it read-only.
    current.on('chat:room_left', ({ chatRoomId }) => {
      if (joinedRoomRef.current === chatRoomId) joinedRoomRef.current = null;
      storeDispatch(refetchChatRooms());
    });
    current.on('notification', (notification) => liveNotificationRef.current?.(notification));

    return () => {
      for (const timer of typingTimers.values()) clearTimeout(timer);
      for (const scheduler of markReads.values()) scheduler.cancel();
      markReads.clear();
      if (typingSentRef.current) clearTimeout(typingSentRef.current.timer);
      typingSentRef.current = null;
      publishSessionSocket(null);
      current.removeAllListeners();
      current.disconnect();
      socketRef.current = null;
      setSocket(null);
      setIsConnected(false);
    };
  }, [tokens, me.id, catchUp, dispatch, emitMessage, receive, receiveRevision, storeDispatch, syncJoinedRoom]);

  // Join the conversation on screen; leave it when the panel closes or another room opens.
  const wantedRoomId = isPanelOpen ? activeRoomId : null;
  useEffect(() => {
    if (socket && isConnected) syncJoinedRoom(wantedRoomId);
  }, [socket, isConnected, wantedRoomId, syncJoinedRoom]);

  // `chat:open` from anywhere in the page (spec §2): open the widget on that room.
  useEffect(() => {
    const open = (roomId: string) => {
      setActiveRoomId(roomId);
      setIsPanelOpen(true);
      if (!viewRef.current.rooms.some((room) => room.id === roomId)) storeDispatch(refetchChatRooms());
    };
    const handleOpen = (event: Event) => {
      const roomId = roomIdOfChatOpen(event);
      if (!roomId) return;
      takePendingChatOpen();
      open(roomId);
    };
    // Asked for while this chunk was still loading.
    const waiting = takePendingChatOpen();
    if (waiting) open(waiting);
    window.addEventListener(chatOpenEvent, handleOpen);
    return () => window.removeEventListener(chatOpenEvent, handleOpen);
  }, [storeDispatch]);

  const send = useCallback(
    (roomId: string, text: string, replyToId?: string) => {
      const content = text.trim();
      const room = viewRef.current.rooms.find((candidate) => candidate.id === roomId);
      // Spec §5: blank is ignored; a send needs a connected socket and a room.
      if (content === '' || !socketRef.current?.connected || !room || room.readOnly) return false;
      if (typingSentRef.current?.roomId === roomId) stopTyping();
      const pending: PendingMessage = {
        clientId: createClientId(),
        chatRoomId: roomId,
        content,
        createdAt: new Date().toISOString(),
        status: 'sending',
        error: null,
        ...(replyToId ? { replyToId } : {}),
      };
      dispatch(chatActions.messageQueued(pending));
      emitMessage(pending);
      return true;
    },
    [dispatch, emitMessage, stopTyping],
  );

  const retry = useCallback(
    (roomId: string, clientId: string) => {
      const pending = stateRef.current.threads[roomId]?.pending.find((message) => message.clientId === clientId);
      if (!pending || !socketRef.current?.connected) return;
      dispatch(chatActions.messageRetried({ roomId, clientId }));
      emitMessage(pending);
    },
    [dispatch, emitMessage],
  );

  const reportTyping = useCallback(
    (roomId: string) => {
      const current = socketRef.current;
      if (!current?.connected || joinedRoomRef.current !== roomId) return;
      const sent = typingSentRef.current;
      if (sent) clearTimeout(sent.timer);
      const now = Date.now();
      let sentAt = sent?.sentAt ?? 0;
      if (!sent || now - sent.sentAt >= chatTimings.typingRenewMs) {
        current.emit('chat:typing', { chatRoomId: roomId, isTyping: true }, () => undefined);
        sentAt = now;
      }
      typingSentRef.current = { roomId, sentAt, timer: setTimeout(stopTyping, chatTimings.typingIdleMs) };
    },
    [stopTyping],
  );

  /** What the open conversation showed while the tab was hidden: read once the person looks again. */
  const unseenBottomRef = useRef<{ roomId: string; seq: number } | null>(null);

  const reportReadUpTo = useCallback(
    (roomId: string, seq: number) => {
      const room = viewRef.current.rooms.find((candidate) => candidate.id === roomId);
      if (room && seq <= room.readSeq && room.unreadCount === 0) return;
      // A message that arrives in a background tab is not read by anyone yet.
      if (document.visibilityState === 'hidden') {
        unseenBottomRef.current = { roomId, seq };
        return;
      }
      markReadOf(roomId).request(seq);
    },
    [markReadOf],
  );

  useEffect(() => {
    const handleVisibility = () => {
      const unseen = unseenBottomRef.current;
      if (document.visibilityState === 'hidden' || !unseen) return;
      unseenBottomRef.current = null;
      const view = viewRef.current;
      if (view.isPanelOpen && view.activeRoomId === unseen.roomId) markReadOf(unseen.roomId).request(unseen.seq);
    };
    document.addEventListener('visibilitychange', handleVisibility);
    return () => document.removeEventListener('visibilitychange', handleVisibility);
  }, [markReadOf]);

  const value = useMemo<ChatContextValue>(
    () => ({
      me,
      isConnected,
      rooms,
      isLoadingRooms,
      roomsError: isRoomsError && rooms === noRooms ? describeApiError(roomsFailure).message : null,
      state,
      isPanelOpen,
      activeRoomId,
      openPanel: (roomId) => {
        if (roomId !== undefined) setActiveRoomId(roomId);
        setIsPanelOpen(true);
      },
      focusedMessage,
      openAtMessage: (roomId, seq) => {
        setFocusedMessage({ roomId, seq });
        setActiveRoomId(roomId);
        setIsPanelOpen(true);
      },
      closePanel: () => setIsPanelOpen(false),
      selectRoom: (roomId) => {
        setFocusedMessage(null);
        setActiveRoomId(roomId);
      },
      reloadRooms: () => void refetchRooms(),
      loadHistory: (roomId) => void loadHistory(roomId),
      loadOlder: (roomId, limit) => void loadOlder(roomId, limit),
      send,
      editMessage: (roomId, messageId, content) =>
        changeMessage((socket, ack) =>
          socket
            .timeout(chatTimings.sendAckTimeoutMs)
            .emit(chatSocketEvents.editMessage, { chatRoomId: roomId, messageId, content }, ack),
        ),
      deleteMessage: (roomId, messageId) =>
        changeMessage((socket, ack) =>
          socket
            .timeout(chatTimings.sendAckTimeoutMs)
            .emit(chatSocketEvents.deleteMessage, { chatRoomId: roomId, messageId }, ack),
        ),
      react: (roomId, messageId, emoji, reacted) =>
        changeMessage((socket, ack) =>
          socket
            .timeout(chatTimings.sendAckTimeoutMs)
            .emit(chatSocketEvents.react, { chatRoomId: roomId, messageId, emoji, reacted }, ack),
        ),
      receiveStored: (messages) => {
        for (const message of messages) receive(message, { isLive: false });
      },
      retry,
      discard: (roomId, clientId) => dispatch(chatActions.messageDiscarded({ roomId, clientId })),
      reportTyping,
      reportReadUpTo,
    }),
    [
      me,
      isConnected,
      rooms,
      isLoadingRooms,
      isRoomsError,
      roomsFailure,
      refetchRooms,
      state,
      isPanelOpen,
      activeRoomId,
      focusedMessage,
      loadHistory,
      loadOlder,
      send,
      changeMessage,
      receive,
      retry,
      dispatch,
      reportTyping,
      reportReadUpTo,
    ],
  );

  return <ChatContext.Provider value={value}>{children}</ChatContext.Provider>;
}
