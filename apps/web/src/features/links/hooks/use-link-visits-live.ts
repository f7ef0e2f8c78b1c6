import { type LinkViewing, linkSocketEvents, linkViewingSchema } from '@deckvalid/contract/links';
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '@/shared/api/api';
import { useSessionSocket } from '@/shared/lib/session-socket';

/**
 * Visits to one deck's links as they happen: each pass through a link's gate reaches the
 * founder's sockets (`links:viewing`); the links' counts and that link's visitors are asked for
 * again, and the latest visit of each link is answered for the Share tab to show.
 */
export function useLinkVisitsLive(deckId: string): Record<string, LinkViewing> {
  const socket = useSessionSocket();
  const dispatch = useDispatch();
  const [latestByLink, setLatestByLink] = useState<Record<string, LinkViewing>>({});

  useEffect(() => {
    if (!socket) return;
    const handleViewing = (payload: unknown) => {
      const parsed = linkViewingSchema.safeParse(payload);
      if (!parsed.success || parsed.data.pitchDeckId !== deckId) return;
      const visit = parsed.data;
      setLatestByLink((current) => ({ ...current, [visit.linkId]: visit }));
      dispatch(
        api.util.invalidateTags([
          { type: 'DeckLink', id: deckId },
          { type: 'LinkVisitors', id: visit.linkId },
        ]),
      );
    };
    socket.on(linkSocketEvents.viewing, handleViewing);
    return () => {
      socket.off(linkSocketEvents.viewing, handleViewing);
    };
  }, [socket, deckId, dispatch]);

  return latestByLink;
}
