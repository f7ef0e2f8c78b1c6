import type { RecordDeckViewBody } from '@deckvalid/contract/pitchdecks';
import { describe, expect, it } from 'vitest';
import { createViewRecorder, type ViewSendOutcome } from './view-recorder';

const sessionId = '0f8fad5b-d9cb-469f-a165-70867728950e';

function setup({ outcome = 'sent' as ViewSendOutcome | 'throw' } = {}) {
  const sent: RecordDeckViewBody[] = [];
  const sentFinal: RecordDeckViewBody[] = [];
  let hidden = false;
  let tick: (() => void) | null = null;
  let intervalMs = 0;
  let nextOutcome = outcome;
  const recorder = createViewRecorder({
    sessionId,
    send: async (body) => {
      sent.push(body);
      if (nextOutcome === 'throw') throw new Error('offline');
      return nextOutcome;
    },
    sendFinal: (body) => sentFinal.push(body),
    isDocumentHidden: () => hidden,
    timers: {
      setInterval: (callback, ms) => {
        tick = callback;
        intervalMs = ms;
        return 1;
      },
      clearInterval: () => {
        tick = null;
      },
    },
  });
  return {
    recorder,
    sent,
    sentFinal,
    /** Runs one interval and waits for its send to settle. */
    async runInterval() {
      tick?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    hide() {
      hidden = true;
    },
    setOutcome(value: ViewSendOutcome | 'throw') {
      nextOutcome = value;
    },
    hasInterval: () => tick !== null,
    intervalMs: () => intervalMs,
  };
}

describe('createViewRecorder', () => {
  it('batches page times and sends them every 5 seconds with the session id', async () => {
    const { recorder, sent, sentFinal, runInterval, intervalMs } = setup();
    recorder.start();
    expect(intervalMs()).toBe(5_000);
    recorder.record(1, 2);
    recorder.record(2, 3);
    recorder.record(1, 0.5);
    expect(sent).toEqual([]);
    await runInterval();
    expect(sent).toEqual([
      {
        sessionId,
        pages: [
          { page: 1, seconds: 2.5 },
          { page: 2, seconds: 3 },
        ],
      },
    ]);
    await runInterval();
    expect(sent).toHaveLength(1);
    expect(sentFinal).toEqual([]);
  });

  it('keeps the seconds for the next batch when the send can be retried, drops them otherwise', async () => {
    const { recorder, sent, runInterval, setOutcome } = setup({ outcome: 'retry' });
    recorder.start();
    recorder.record(1, 2);
    await runInterval();
    recorder.record(1, 1);
    setOutcome('sent');
    await runInterval();
    expect(sent.at(-1)?.pages).toEqual([{ page: 1, seconds: 3 }]);

    setOutcome('dropped');
    recorder.record(2, 4);
    await runInterval();
    setOutcome('sent');
    await runInterval();
    expect(sent).toHaveLength(3);
  });

  it('treats a thrown send like a retryable failure', async () => {
    const { recorder, sent, runInterval, setOutcome } = setup({ outcome: 'throw' });
    recorder.start();
    recorder.record(1, 2);
    await runInterval();
    setOutcome('sent');
    await runInterval();
    expect(sent.at(-1)?.pages).toEqual([{ page: 1, seconds: 2 }]);
  });

  it('sends through the final channel at once while the tab is hidden', () => {
    const { recorder, sent, sentFinal, hide } = setup();
    recorder.start();
    recorder.record(1, 2);
    hide();
    recorder.record(1, 1);
    expect(sent).toEqual([]);
    expect(sentFinal).toEqual([{ sessionId, pages: [{ page: 1, seconds: 3 }] }]);
  });

  it('flushFinal sends what waits, and nothing when nothing waits', () => {
    const { recorder, sentFinal } = setup();
    recorder.flushFinal();
    expect(sentFinal).toEqual([]);
    recorder.record(4, 1);
    recorder.flushFinal();
    expect(sentFinal).toEqual([{ sessionId, pages: [{ page: 4, seconds: 1 }] }]);
  });

  it('close stops the interval, sends what waits, then sends late reports one by one', () => {
    const { recorder, sentFinal, hasInterval } = setup();
    recorder.start();
    recorder.record(1, 2);
    recorder.close();
    expect(hasInterval()).toBe(false);
    expect(sentFinal).toEqual([{ sessionId, pages: [{ page: 1, seconds: 2 }] }]);
    // The viewer's own unmount report comes after the page's cleanup.
    recorder.record(2, 0.4);
    expect(sentFinal.at(-1)).toEqual({ sessionId, pages: [{ page: 2, seconds: 0.4 }] });
    recorder.start();
    expect(hasInterval()).toBe(false);
  });

  it('a retryable failure that settles after close goes out through the final channel', async () => {
    const { recorder, sentFinal, runInterval } = setup({ outcome: 'retry' });
    recorder.start();
    recorder.record(1, 2);
    const pending = runInterval();
    recorder.close();
    await pending;
    expect(sentFinal).toEqual([{ sessionId, pages: [{ page: 1, seconds: 2 }] }]);
  });

  it('never sends two periodic batches at once', async () => {
    const { recorder, sent } = setup();
    recorder.record(1, 1);
    const first = recorder.flush();
    recorder.record(2, 1);
    await recorder.flush();
    await first;
    expect(sent).toHaveLength(1);
    await recorder.flush();
    expect(sent.at(-1)?.pages).toEqual([{ page: 2, seconds: 1 }]);
  });
});
