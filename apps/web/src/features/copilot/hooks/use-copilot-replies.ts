import { type AiActionStatus, type AiReply, aiLimits } from '@deckvalid/contract/ai';
import type { ChatMessage } from '@deckvalid/contract/chat';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { copilotApi } from '../copilot-api';
import { isCopilotMessage } from '../copilot-model';

/**
 * The app store's dispatch as far as this feature knows it: it runs the API slice's thunks, whose
 * state type is the app's and cannot be named below app/.
 */
type StoreDispatch = ThunkDispatch<never, unknown, UnknownAction>;

/** The structured part of one answer and where its action stands (null without one). */
export type HeldReply = { reply: AiReply; actionStatus: AiActionStatus | null };

/** messageId → its reply; null once the server said it keeps none (an answer from before replies were kept). */
export type HeldReplies = Record<string, HeldReply | null>;

/**
 * The structured parts of the copilot's answers in the room: those an ask answered with, and the
 * rest read from GET /api/v1/ai/replies (after a reload, or asked on another device and arrived
 * over the socket). Each id is read once; a failed read leaves its answer as plain text.
 * `isPaused` holds reads back while an ask is on its way, whose answer brings its own.
 */
export function useCopilotReplies(messages: ChatMessage[], { isPaused }: { isPaused: boolean }) {
  const dispatch = useDispatch<StoreDispatch>();
  const [held, setHeld] = useState<HeldReplies>({});
  const askedRef = useRef(new Set<string>());

  const read = useCallback(
    async (ids: string[]) => {
      const answers = await Promise.all(
        Array.from({ length: Math.ceil(ids.length / aiLimits.repliesPerRead) }, (_, index) =>
          ids.slice(index * aiLimits.repliesPerRead, (index + 1) * aiLimits.repliesPerRead),
        ).map((chunk) =>
          dispatch(copilotApi.endpoints.copilotReplies.initiate(chunk, { subscribe: false, forceRefetch: true }))
            .unwrap()
            .catch((error: unknown) => {
              console.warn('[copilot] reading stored replies failed', error);
              return null;
            }),
        ),
      );
      setHeld((previous) => {
        const next = { ...previous };
        answers.forEach((replies, index) => {
          if (!replies) return;
          const chunk = ids.slice(index * aiLimits.repliesPerRead, (index + 1) * aiLimits.repliesPerRead);
          for (const id of chunk) if (!(id in next)) next[id] = null;
          for (const stored of replies) {
            next[stored.messageId] = { reply: stored.reply, actionStatus: stored.actionStatus };
          }
        });
        return next;
      });
    },
    [dispatch],
  );

  const missing = messages
    .filter((message) => isCopilotMessage(message) && !(message.id in held) && !askedRef.current.has(message.id))
    .map((message) => message.id);
  const missingKey = isPaused ? '' : missing.join(',');

  useEffect(() => {
    if (!missingKey) return;
    const ids = missingKey.split(',');
    for (const id of ids) askedRef.current.add(id);
    void read(ids);
  }, [missingKey, read]);

  /** An answer the ask itself brought. */
  const remember = useCallback((messageId: string, reply: AiReply) => {
    askedRef.current.add(messageId);
    setHeld((previous) => ({ ...previous, [messageId]: { reply, actionStatus: reply.action ? 'pending' : null } }));
  }, []);

  /** Where an action stands after Confirm or Cancel (or their 409 / 410). */
  const setActionStatus = useCallback((messageId: string, actionStatus: AiActionStatus) => {
    setHeld((previous) => {
      const current = previous[messageId];
      return current ? { ...previous, [messageId]: { ...current, actionStatus } } : previous;
    });
  }, []);

  /** Reads again where these answers' actions stand ('yes' or 'no' typed in the room decides them). */
  const refresh = useCallback((ids: string[]) => (ids.length > 0 ? read(ids) : Promise.resolve()), [read]);

  return { held, remember, setActionStatus, refresh };
}
