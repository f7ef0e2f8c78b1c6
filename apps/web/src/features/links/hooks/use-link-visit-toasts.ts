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

/**
 * "Someone is viewing now" on every founder page: a visitor passing a link's gate again is told
 * as a toast that opens the deck's Share tab, the inbox keeping only first visits.
 */
export function useLinkVisitToasts(shareTabPath: (deckId: string) => string): void {
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
      const target = shareTabPath(visit.pitchDeckId);
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
  }, [socket, navigate, shareTabPath]);
}
