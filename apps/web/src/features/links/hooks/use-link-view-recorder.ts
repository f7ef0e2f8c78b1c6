import { publicLinkPaths, type RecordLinkViewBody } from '@deckvalid/contract/links';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { newViewSessionId } from '@/shared/pdf/view-batch';
import { createViewRecorder, type ViewRecorder, type ViewSendOutcome } from '@/shared/pdf/view-recorder';
import { useRecordLinkViewMutation, viewerAuthorization } from '../links-api';

/** Failures worth sending the same seconds again: the server never got them or was overloaded. */
function outcomeOf(error: FetchBaseQueryError | unknown): ViewSendOutcome {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : null;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'retry';
  if (typeof status === 'number' && (status >= 500 || status === 429)) return 'retry';
  return 'dropped';
}

const isDocumentHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * Records how a link's visitor reads the deck, or a data room's document (`itemId`), as
 * investors' reading is recorded (the shared recorder: batches every 5 s, a keepalive send when
 * the tab hides or the page goes), sent to POST /api/v1/links/{slug}/views with the viewer token.
 * One viewing session per opening.
 *
 * Returns the callback for `DeckViewer`'s `onPageTime`; it is stable across renders.
 */
export function useLinkViewRecorder(
  slug: string,
  viewerToken: string | null,
  itemId?: string,
): (page: number, seconds: number) => void {
  const [recordView] = useRecordLinkViewMutation();
  const recordViewRef = useRef(recordView);
  recordViewRef.current = recordView;
  const recorderRef = useRef<ViewRecorder | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pass through the gate, or another document, is a new viewing session
  const sessionId = useMemo(() => newViewSessionId(), [slug, viewerToken, itemId]);

  useEffect(() => {
    if (!viewerToken) return;
    const recorder = createViewRecorder({
      sessionId,
      isDocumentHidden,
      send: async (batch: RecordLinkViewBody) => {
        const body = itemId ? { ...batch, itemId } : batch;
        const result = await recordViewRef.current({ slug, viewerToken, body });
        return 'error' in result && result.error ? outcomeOf(result.error) : 'sent';
      },
      // A keepalive fetch outlives the page; sendBeacon could not carry the token's header.
      sendFinal: (batch: RecordLinkViewBody) => {
        const body = itemId ? { ...batch, itemId } : batch;
        void fetch(publicLinkPaths.views(slug), {
          method: 'POST',
          keepalive: true,
          headers: { 'Content-Type': 'application/json', ...viewerAuthorization(viewerToken) },
          body: JSON.stringify(body),
        }).catch(() => {
          // Nothing to do on a closing page; a lost last batch costs a few seconds of analytics.
        });
      },
    });
    recorderRef.current = recorder;
    recorder.start();
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
  }, [slug, viewerToken, sessionId, itemId]);

  return useCallback((page: number, seconds: number) => recorderRef.current?.record(page, seconds), []);
}
