import { type LinkViewing, linkSocketEvents, linkViewingSchema } from '@deckvalid/contract/links';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSessionSocket } from '@/shared/lib/session-socket';
import { showClickableToast } from '@/shared/ui/show-clickable-toast';

/**
 * Whether a visit deserves a toast: the founder asked to be told (the link's `notify`), it is not
 * a first visit (that one arrives as an inbox notification, toasted with the rest of the inbox),
 * and the founder is not reading that deck's Share tab, which shows the visit itself.
 */
export function isToastedVisit(visit: LinkViewing, location: { pathname: string; search: string }, shareTab: string) {
  if (!visit.notify || visit.isFirstVisit) return false;
  return `${location.pathname}${location.search}` !== shareTab;
}

/** Where a visit's toast leads: the deck's Share tab, or the data room's page with its links. */
export type LinkVisitPlaces = { deckShareTab: (deckId: string) => string; dataRoom: (roomId: string) => string };

/**
 * "Someone is viewing now" on every founder page: a visitor passing a link's gate again is told
 * as a toast that opens the deck's Share tab (or the data room), the inbox keeping only first visits.
 */
export function useLinkVisitToasts(places: LinkVisitPlaces): void {
  const socket = useSessionSocket();
  const navigate = useNavigate();
  const location = useLocation();
  // Read when a visit arrives, without listening anew on every navigation.
  const here = useRef(location);
  here.current = location;

  useEffect(() => {
    if (!socket) return;
    const handleViewing = (payload: unknown) => {
      const parsed = linkViewingSchema.safeParse(payload);
      if (!parsed.success) return;
      const visit = parsed.data;
      const target =
        visit.pitchDeckId !== null ? places.deckShareTab(visit.pitchDeckId) : places.dataRoom(visit.dataRoomId ?? '');
      if (!isToastedVisit(visit, here.current, target)) return;
      showClickableToast({
        id: `link-visit-${visit.linkId}-${visit.email ?? 'anonymous'}`,
        title: `Someone is reading ${visit.deckTitle}`,
        message: `${visit.email ?? 'A visitor without an email'} opened “${visit.linkName}” again just now.`,
        color: 'teal',
        onOpen: () => navigate(target),
      });
    };
    socket.on(linkSocketEvents.viewing, handleViewing);
    return () => {
      socket.off(linkSocketEvents.viewing, handleViewing);
    };
  }, [socket, navigate, places]);
}
