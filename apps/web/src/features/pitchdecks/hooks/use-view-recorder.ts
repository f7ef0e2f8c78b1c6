import { investorDeckPaths } from '@deckvalid/contract/api-paths';
import type { RecordDeckViewBody } from '@deckvalid/contract/pitchdecks';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { readStoredTokens } from '@/shared/lib/token-storage';
import { newViewSessionId } from '@/shared/pdf/view-batch';
import { createViewRecorder, type ViewRecorder, type ViewSendOutcome } from '@/shared/pdf/view-recorder';
import { useRecordDeckViewMutation } from '../investor-pitchdecks-api';

/** Failures worth sending the same seconds again: the server never got them or was overloaded. */
function outcomeOf(error: FetchBaseQueryError | unknown): ViewSendOutcome {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : null;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'retry';
  if (typeof status === 'number' && (status >= 500 || status === 429)) return 'retry';
  return 'dropped';
}

/**
 * The last send of a closing tab. `navigator.sendBeacon` cannot carry the credential headers,
 * so this is a keepalive fetch, which the browser finishes after the page is gone. The headers
 * are those base-query.ts adds for an /api/v1/investors call, from the investor's stored tokens.
 * Returns false when there are no stored tokens (storage disabled), so the caller can fall back.
 */
function sendWithKeepalive(pitchDeckId: string, body: RecordDeckViewBody): boolean {
  const tokens = readStoredTokens('investor');
  if (!tokens) return false;
  void fetch(investorDeckPaths.views(pitchDeckId), {
    method: 'POST',
    keepalive: true,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${tokens.token}`,
      'X-Control-Signature': tokens.controlSignature,
      'X-Hash-Token': tokens.hashToken,
    },
    body: JSON.stringify(body),
  }).catch(() => {
    // Nothing to do on a closing page; a lost last batch costs a few seconds of analytics.
  });
  return true;
}

const isDocumentHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * Records how an investor reads a deck: one viewing session (a new id per opening of the deck
 * page, and per deck), page times batched to POST …/pitchdecks/{id}/views every 5 s through RTK
 * Query, and a keepalive send when the tab hides, the page is left, or the component unmounts.
 *
 * Returns the callback to hand to `DeckViewer`'s `onPageTime`; it is stable across renders.
 */
export function useViewRecorder(pitchDeckId: string | undefined): (page: number, seconds: number) => void {
  const [recordView] = useRecordDeckViewMutation();
  const recordViewRef = useRef(recordView);
  recordViewRef.current = recordView;
  const recorderRef = useRef<ViewRecorder | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new deck is a new viewing session
  const sessionId = useMemo(() => newViewSessionId(), [pitchDeckId]);

  useEffect(() => {
    if (!pitchDeckId) return;
    const recorder = createViewRecorder({
      sessionId,
      isDocumentHidden,
      send: async (body) => {
        const result = await recordViewRef.current({ pitchDeckId, body });
        return 'error' in result && result.error ? outcomeOf(result.error) : 'sent';
      },
      sendFinal: (body) => {
        if (!sendWithKeepalive(pitchDeckId, body)) void recordViewRef.current({ pitchDeckId, body });
      },
    });
    recorderRef.current = recorder;
    recorder.start();

    // Whichever runs first, this or the viewer's own listener, nothing is left behind: reports
    // that arrive while hidden are sent at once by `record`.
    const handleVisibilityChange = () => {
      if (isDocumentHidden()) recorder.flushFinal();
    };
    const handlePageHide = () => recorder.flushFinal();
    document.addEventListener('visibilitychange', handleVisibilityChange);
    window.addEventListener('pagehide', handlePageHide);
    return () => {
      document.removeEventListener('visibilitychange', handleVisibilityChange);
      window.removeEventListener('pagehide', handlePageHide);
      // Stays reachable through the ref: the viewer's unmount report arrives after this cleanup.
      recorder.close();
    };
  }, [pitchDeckId, sessionId]);

  return useCallback((page: number, seconds: number) => recorderRef.current?.record(page, seconds), []);
}
