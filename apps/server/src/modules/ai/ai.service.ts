import { availableParallelism } from 'node:os';
import {
  type AiActionState,
  type AiActionStatus,
  type AiCancelActionResponse,
  type AiChatBody,
  type AiChatResponse,
  type AiConfirmActionResponse,
  type AiRepliesResponse,
  type AiReply,
  aiLimits,
} from '@deckvalid/contract/ai';
import type { InvestorInterest } from '@deckvalid/contract/interests';
import type { Logger } from 'pino';
import type { Histogram } from 'prom-client';
import type { Principal } from '@/core/identity/principal';
import type { RateLimiter } from '@/core/limits';
import { type Metrics, slowWorkBuckets } from '@/core/metrics';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import type { InterestsService } from '@/modules/interests/interests.service';
import { canAskCopilot, canDecideAction } from './ai.policy';
import type { ActionRow, AiRepository } from './ai.repository';
import { AskGate } from './ask-gate';
import type { AiEngine, EngineReply } from './engine';
import type { OffThreadWork } from './engines/off-thread';
import { keepStandingCitations } from './tools/citations';
import { type CopilotServices, CopilotTools } from './tools/copilot-tools';

/** The chat module's copilot room, as the ai module uses it (its service, never its repository). */
export type CopilotRooms = {
  requireOwn(principal: Principal, roomId: string): Promise<void>;
  storeExchange(
    principal: Principal,
    roomId: string,
    exchange: { question: string; answerId: string; answer: string },
  ): Promise<AiChatResponse['messages']>;
};

/** What confirmed actions run through: the interests service, under the same rules as the REST calls. */
export type InterestActions = Pick<InterestsService, 'show' | 'withdraw'>;

/** What the web shows when an ask fails (spec §8); the 503 carries it as its message. */
export const copilotFailureMessage = "Sorry, I couldn't reply just now.";

const minuteMs = 60 * 1000;

/**
 * Built-in asks answered at once per process: one per core, at least two; the rest wait their
 * turn, in order. Such an ask is a dozen database round trips with a little work between them,
 * on the loop, the worker pool and PostgreSQL, which share the cores: twenty at once held every
 * pooled connection, so a health check or any other request waited behind their queries, and
 * their slices of work interleaved so that each took as long as all of them. On 2 cores at load
 * 9-13, twenty asking at once gave ask p99 529-746 ms and /api/health p99 33-44 ms with two at a
 * time, 585-852 ms and 46-147 ms with four, 1,135-1,595 ms and 143-251 ms with eight. A model
 * engine's ask mostly waits on its model server, up to AI_TIMEOUT_MS, and is not held back.
 */
export const builtinAsksAtOnce = Math.max(2, availableParallelism());

const notFound = () => new AppError('NOT_FOUND', 'This action does not exist.');

/** "yes" / "no" as a whole answer to a proposal in the room. */
const affirmation = /^(yes|yep|yeah|y|ok|okay|sure|confirm|confirmed|do it|go ahead|please do)[.!]*$/i;
const refusal = /^(no|nope|n|cancel|stop|don't|do not|never mind|nevermind)[.!]*$/i;

/**
 * The investor copilot (docs/copilot.md): an ask stores the question and the reply in the
 * investor's bot room, with the reply's structure kept here; proposed actions run once, on
 * confirmation, through the interests service. Every tool runs as the investor.
 */
export class AiService {
  private readonly gate: AskGate;

  constructor(
    private readonly deps: {
      repo: AiRepository;
      engine: AiEngine;
      rooms: CopilotRooms;
      services: CopilotServices;
      interests: InterestActions;
      limits: RateLimiter;
      logger: Pick<Logger, 'warn' | 'error'>;
      /**
       * The built-in engine's CPU work (pages into sentences, deck names matched) on the worker
       * pool, off the event loop; without it that work runs in the engine's own calls.
       */
      offThread?: OffThreadWork;
      /** Asks answered at once, the rest waiting in order (default: no limit). */
      asksAtOnce?: number;
      /** Where asks and their time are recorded. */
      metrics?: Metrics;
    },
  ) {
    this.gate = new AskGate(deps.asksAtOnce ?? Number.POSITIVE_INFINITY);
    this.askSeconds = deps.metrics?.histogram(
      'copilot_ask_seconds',
      'Time to answer a copilot question, waiting for a turn included, by outcome (answered or failed).',
      slowWorkBuckets,
      ['outcome'],
    );
  }

  private readonly askSeconds?: Histogram<'outcome'>;

  /** The time actions expire by. The database's clock decides a confirmation; both are the server's. */
  private now(): Date {
    return new Date();
  }

  /** POST /api/v1/ai/chat */
  async ask(principal: Principal, body: AiChatBody): Promise<AiChatResponse> {
    if (!canAskCopilot(principal)) throw new AppError('FORBIDDEN', 'The AI copilot is for investors.');
    // Counted before any read, as chat's sends are: a flood costs its sender, not everyone.
    const hit = await this.deps.limits.hit(`ai-asks:${principal.accountId}`, minuteMs);
    if (hit.count > aiLimits.asksPerMinute) {
      const retryAfterSeconds = Math.max(1, Math.ceil(hit.resetInMs / 1000));
      throw new AppError(
        'RATE_LIMITED',
        `You can ask the copilot ${aiLimits.asksPerMinute} times a minute. Try again in ${retryAfterSeconds} s.`,
        { retryAfterSeconds },
      );
    }
    const startedAt = performance.now();
    const answered = this.gate.run(() => this.answerAndStore(principal, body));
    const seconds = () => (performance.now() - startedAt) / 1000;
    answered.then(
      () => this.askSeconds?.observe({ outcome: 'answered' }, seconds()),
      () => this.askSeconds?.observe({ outcome: 'failed' }, seconds()),
    );
    return answered;
  }

  private async answerAndStore(principal: Principal, body: AiChatBody): Promise<AiChatResponse> {
    await this.deps.rooms.requireOwn(principal, body.roomId);
    const last = body.messages.at(-1);
    const question = last?.content ?? '';
    const history = body.messages.slice(0, -1);

    const answered = await this.answer(principal, body.roomId, question, history);
    const reply: AiReply = answered.reply;
    const messageId = newId('msg-');
    const action = answered.proposal && {
      id: newId('act-'),
      kind: answered.proposal.kind,
      pitchDeckId: answered.proposal.pitchDeckId,
      note: answered.proposal.note ?? null,
      expiresAt: new Date(this.now().getTime() + aiLimits.actionTtlMs),
    };
    if (action) {
      reply.action = {
        id: action.id,
        kind: action.kind,
        pitchDeckId: action.pitchDeckId,
        ...(action.note ? { note: action.note } : {}),
        expiresAt: action.expiresAt.toISOString(),
      };
    }
    // The reply's structure first, keyed by the id its message will have; then the two
    // messages in one transaction. If those fail, the structure goes too: nothing half-done.
    await this.deps.repo.insertReply({
      messageId,
      roomId: body.roomId,
      accountId: principal.accountId,
      reply,
      ...(action ? { action } : {}),
    });
    try {
      const messages = await this.deps.rooms.storeExchange(principal, body.roomId, {
        question,
        answerId: messageId,
        answer: reply.text || '…',
      });
      return { reply, messages };
    } catch (error) {
      await this.deps.repo.deleteReply(messageId).catch((cleanup: unknown) => {
        this.deps.logger.error({ err: cleanup, messageId }, 'could not remove the reply of a failed copilot exchange');
      });
      throw error;
    }
  }

  /**
   * The reply to one question: 'yes' or 'no' to the room's pending proposal decides it; anything
   * else goes to the engine. An engine failure is logged and answered 503 with the sentence the
   * web shows; nothing is stored.
   */
  private async answer(
    principal: Principal,
    roomId: string,
    question: string,
    history: AiChatBody['messages'],
  ): Promise<{ reply: AiReply; proposal?: EngineReply['proposal'] }> {
    const isYes = affirmation.test(question);
    if (isYes || refusal.test(question)) {
      const pending = await this.deps.repo.findPendingInRoom(roomId, principal.accountId);
      if (pending) return { reply: await this.decideInRoom(principal, pending, isYes) };
    }
    const { engine, offThread } = this.deps;
    // The built-in engine matches deck names in the question, and in the last messages when the
    // question points back at a deck ("its ARR?"), so those are the texts matched off the loop.
    const texts = [question, ...history.slice(-6).map((message) => message.content)];
    const services = offThread ? offThread.servicesFor(this.deps.services, texts) : this.deps.services;
    const tools = new CopilotTools(principal, services);
    try {
      const { proposal, ...answer } = await engine.reply({ question, history, tools, now: this.now() });
      // Whatever the engine says it cites must stand on a page the tools read for this investor.
      const reply = keepStandingCitations(answer, tools.citations);
      return { reply: { ...reply, engine: engine.name }, ...(proposal ? { proposal } : {}) };
    } catch (error) {
      this.deps.logger.error({ err: error, engine: engine.name }, 'the copilot engine failed');
      throw new AppError('UNAVAILABLE', copilotFailureMessage, { retryAfterSeconds: 5 });
    }
  }

  /** 'yes' or 'no' in the room: the same rules as the confirm and cancel calls, answered in words. */
  private async decideInRoom(principal: Principal, pending: ActionRow, isYes: boolean): Promise<AiReply> {
    const reply = (text: string): AiReply => ({
      text,
      citations: [],
      examples: [{ label: 'List my interests' }, { label: 'What changed this week?' }, { label: 'Find seed decks' }],
      engine: this.deps.engine.name,
    });
    if (!isYes) {
      await this.cancelAction(principal, pending.id);
      return reply('Cancelled: nothing was changed.');
    }
    try {
      const { interest } = await this.confirmAction(principal, pending.id);
      return reply(
        pending.kind === 'show_interest'
          ? `Done: your interest is sent and ${interest.status}.`
          : 'Done: your interest is withdrawn.',
      );
    } catch (error) {
      if (error instanceof AppError && error.code !== 'INTERNAL' && error.code !== 'UNAVAILABLE') {
        return reply(`That could not be done: ${error.message}`);
      }
      throw error;
    }
  }

  /** POST /api/v1/ai/actions/{id}/confirm: runs the action once; decided → 409, expired → 410. */
  async confirmAction(principal: Principal, id: string): Promise<AiConfirmActionResponse> {
    const action = await this.requireAction(principal, id);
    const claimed = await this.deps.repo.decide(action.id, 'confirmed');
    if (!claimed) throw this.refusalOf(await this.requireAction(principal, id));
    let interest: InvestorInterest;
    try {
      interest =
        claimed.kind === 'show_interest'
          ? await this.deps.interests.show(principal, claimed.pitchDeckId, { note: claimed.note })
          : await this.deps.interests.withdraw(principal, claimed.pitchDeckId);
    } catch (error) {
      // The interests rules refused (or failed): nothing was done, so the action may be tried again.
      await this.deps.repo.release(claimed.id);
      throw error;
    }
    return { action: this.stateOf(claimed), interest };
  }

  /** POST /api/v1/ai/actions/{id}/cancel: a pending action is dropped; decided → 409, expired → 410. */
  async cancelAction(principal: Principal, id: string): Promise<AiCancelActionResponse> {
    const action = await this.requireAction(principal, id);
    const cancelled = await this.deps.repo.decide(action.id, 'cancelled');
    if (!cancelled) throw this.refusalOf(await this.requireAction(principal, id));
    return { action: this.stateOf(cancelled) };
  }

  /** GET /api/v1/ai/replies: the caller's own stored replies among those named, with where their actions stand. */
  async readReplies(principal: Principal, messageIds: string[]): Promise<AiRepliesResponse> {
    if (!canAskCopilot(principal)) throw new AppError('FORBIDDEN', 'The AI copilot is for investors.');
    const rows = await this.deps.repo.findRepliesOf(principal.accountId, messageIds);
    return {
      replies: rows.map((row) => ({
        messageId: row.messageId,
        reply: row.reply,
        actionStatus: row.action ? this.statusOf(row.action) : null,
      })),
    };
  }

  private async requireAction(principal: Principal, id: string): Promise<ActionRow> {
    const action = await this.deps.repo.findActionById(id);
    if (!action || !canDecideAction(principal, action)) throw notFound();
    return action;
  }

  /** Why a pending-only change did not apply: decided already (409) or past its time (410). */
  private refusalOf(action: ActionRow): AppError {
    const status = this.statusOf(action);
    if (status === 'expired') {
      return new AppError('GONE', 'This proposal expired. Ask again for a new one.', { status });
    }
    return new AppError('CONFLICT', `This proposal was already ${status}.`, { status });
  }

  private statusOf(action: ActionRow): AiActionStatus {
    if (action.status === 'pending' && action.expiresAt.getTime() <= this.now().getTime()) return 'expired';
    return action.status;
  }

  private stateOf(action: ActionRow): AiActionState {
    return {
      id: action.id,
      kind: action.kind,
      pitchDeckId: action.pitchDeckId,
      ...(action.note ? { note: action.note } : {}),
      expiresAt: action.expiresAt.toISOString(),
      status: this.statusOf(action),
    };
  }
}
