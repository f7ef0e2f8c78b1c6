import {
  milestoneLiveChangeSchema,
  milestoneRoomPayloadSchema,
  milestoneSocketEvents,
} from '@deckvalid/contract/milestones';
import { notifications } from '@mantine/notifications';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { type MilestoneRole, milestoneDataTag } from '@/features/milestones/milestone-api-shared';
import { api } from '@/shared/api/api';
import { useSessionSocket } from '@/shared/lib/session-socket';

/** The store's dispatch as far as a feature knows it (the app's state type lives in app/). */
type StoreDispatch = ThunkDispatch<never, unknown, UnknownAction>;

/**
 * A drag on the board or a burst of edits sends several `milestone:changed` in a row; one re-read
 * after the burst shows the same as one per event, for a fraction of the requests.
 */
export const liveRefreshDelayMs = 150;

/**
 * Keeps an open milestone page live (docs/milestones.md, Live): joins the milestone's room on the
 * session's socket, again after every reconnect (a new connection is in no room), and leaves it
 * when the page closes. Each `milestone:changed` for this milestone invalidates what is read under
 * it, so every section re-reads rather than patching from the event: a missed event costs nothing
 * a reload would not fix, and a reconnect re-reads once for whatever happened while offline.
 * `milestone:access_ended` (an investor's interest withdrawn or declined) says so and leaves for
 * the investor's milestone list.
 */
export function useMilestoneLive({ milestoneId, role }: { milestoneId: string; role: MilestoneRole }): void {
  const socket = useSessionSocket();
  const dispatch = useDispatch<StoreDispatch>();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    if (!socket) return;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    // Set once a connection this page was joined on dropped: the next connect must re-read.
    let hasMissedEvents = false;
    let hasEnded = false;

    const refresh = () => {
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => {
        dispatch(api.util.invalidateTags([milestoneDataTag(milestoneId), 'Milestone']));
      }, liveRefreshDelayMs);
    };

    const join = () => {
      socket.emit(milestoneSocketEvents.join, { milestoneId }, (answer: unknown) => {
        // A refused join (no longer readable) shows on the page's next read; the socket only logs.
        if (typeof answer === 'object' && answer !== null && 'ok' in answer && answer.ok === false) {
          console.warn(`[milestones] joining ${milestoneId} refused`, answer);
        }
      });
    };

    const handleConnect = () => {
      join();
      if (hasMissedEvents) {
        hasMissedEvents = false;
        refresh();
      }
    };
    const handleDisconnect = () => {
      hasMissedEvents = true;
    };
    const handleChanged = (payload: unknown) => {
      const change = milestoneLiveChangeSchema.safeParse(payload);
      if (change.success && change.data.milestoneId === milestoneId) refresh();
    };
    const handleAccessEnded = (payload: unknown) => {
      const ended = milestoneRoomPayloadSchema.safeParse(payload);
      // One event per milestone of the deck: only this page's matters here, and only once.
      if (!ended.success || ended.data.milestoneId !== milestoneId || hasEnded) return;
      hasEnded = true;
      dispatch(api.util.invalidateTags(['Milestone']));
      notifications.show({
        id: `milestone-access-ended-${milestoneId}`,
        color: 'orange',
        title: 'Milestone closed',
        message: 'You no longer have access to this milestone',
      });
      if (role === 'investor') navigateRef.current(paths.investor.milestones, { replace: true });
      if (role === 'mentor') navigateRef.current(paths.mentor.milestones, { replace: true });
    };

    socket.on('connect', handleConnect);
    socket.on('disconnect', handleDisconnect);
    socket.on(milestoneSocketEvents.changed, handleChanged);
    socket.on(milestoneSocketEvents.accessEnded, handleAccessEnded);
    // Emit only on a live connection: the connect handler joins once the socket (re)connects, and a
    // buffered emit would join a second time.
    if (socket.connected) join();

    return () => {
      clearTimeout(refreshTimer);
      socket.off('connect', handleConnect);
      socket.off('disconnect', handleDisconnect);
      socket.off(milestoneSocketEvents.changed, handleChanged);
      socket.off(milestoneSocketEvents.accessEnded, handleAccessEnded);
      if (socket.connected && !hasEnded) socket.emit(milestoneSocketEvents.leave, { milestoneId }, () => undefined);
    };
  }, [socket, milestoneId, role, dispatch]);
}
