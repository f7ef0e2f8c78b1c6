import { type LinkViewing, linkSocketEvents, linkViewingSchema } from '@deckvalid/contract/links';
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '@/shared/api/api';
import { useSessionSocket } from '@/shared/lib/session-socket';
import { type LinkOwnerRef, linkOwnerTag } from '../links-api';

/** Whether a visit is to one of the owner's links. */
export const isVisitOf = (owner: LinkOwnerRef, visit: LinkViewing) =>
  'deckId' in owner ? visit.pitchDeckId === owner.deckId : visit.dataRoomId === owner.roomId;

/**
 * Visits to one deck's or data room's links as they happen: each pass through a link's gate
 * reaches the founder's sockets (`links:viewing`); the links' counts and that link's visitors are
 * asked for again, and the latest visit of each link is answered for the links panel to show.
 */
export function useLinkVisitsLive(owner: LinkOwnerRef): Record<string, LinkViewing> {
  const socket = useSessionSocket();
  const dispatch = useDispatch();
  const [latestByLink, setLatestByLink] = useState<Record<string, LinkViewing>>({});
  // Listened for by the owner's id, not the object a caller may make anew on each render.
  const deckId = 'deckId' in owner ? owner.deckId : null;
  const roomId = 'roomId' in owner ? owner.roomId : null;

  useEffect(() => {
    if (!socket) return;
    const listened: LinkOwnerRef = deckId !== null ? { deckId } : { roomId: roomId ?? '' };
    const handleViewing = (payload: unknown) => {
      const parsed = linkViewingSchema.safeParse(payload);
      if (!parsed.success || !isVisitOf(listened, parsed.data)) return;
      const visit = parsed.data;
      setLatestByLink((current) => ({ ...current, [visit.linkId]: visit }));
      dispatch(api.util.invalidateTags([linkOwnerTag(listened), { type: 'LinkVisitors', id: visit.linkId }]));
    };
    socket.on(linkSocketEvents.viewing, handleViewing);
    return () => {
      socket.off(linkSocketEvents.viewing, handleViewing);
    };
  }, [socket, deckId, roomId, dispatch]);

  return latestByLink;
}
