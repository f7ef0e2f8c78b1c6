import type { AiActionKind, AiChatMessage, AiCitation, AiEngineName, AiExample, AiTable } from '@deckvalid/contract/ai';
import type { CopilotTools } from './tools/copilot-tools';

/**
 * What an engine answers with. It never names an action's id or time (the service gives them when
 * it stores the proposal) and never runs one: a change is a `proposal` the investor confirms.
 * Its `citations` are the tools' CitationBook's, which only holds quotes it checked on the page.
 */
export type EngineReply = {
  text: string;
  examples: AiExample[];
  citations: AiCitation[];
  table?: AiTable;
  proposal?: ActionProposal;
};

/** A change an engine proposes; the service stores it as a pending action. */
export type ActionProposal = { kind: AiActionKind; pitchDeckId: string; note?: string };

/** One ask as an engine sees it. */
export type AiEngineContext = {
  /** The investor's question: the last message, trimmed. */
  question: string;
  /** The messages before it as the widget sent them: context only, never scope. */
  history: AiChatMessage[];
  /** Every tool runs as the asking investor; the engine has no other way to data. */
  tools: CopilotTools;
  /** The time of the ask ("what changed this week"); passed in so answers are reproducible. */
  now: Date;
};

/**
 * An answering engine: the built-in one (engines/builtin.ts, offline and deterministic) or a
 * model behind an OpenAI-compatible server (AI_BASE_URL; docs/copilot.md). An engine that fails
 * throws; the service then stores nothing and answers 503.
 */
export type AiEngine = {
  readonly name: AiEngineName;
  reply(context: AiEngineContext): Promise<EngineReply>;
};
