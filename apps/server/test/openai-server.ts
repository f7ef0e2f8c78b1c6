import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message as the chat-completions protocol carries it. */
export type ChatCompletionMessage = {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};

/** POST /v1/chat/completions as the server received it, with its bearer token. */
export type ChatCompletionRequest = {
  model: string;
  messages: ChatCompletionMessage[];
  tools?: { type: 'function'; function: { name: string; description?: string; parameters: unknown } }[];
  tool_choice?: unknown;
  stream?: boolean;
  temperature?: number;
  authorization: string | undefined;
};

/** What the model answers to one request. */
export type ScriptedTurn =
  /** Tool calls (finish_reason 'tool_calls'); `arguments` as an object, or a raw string to send malformed JSON. */
  | { toolCalls: { name: string; arguments: unknown }[] }
  /** A final answer (finish_reason 'stop'). */
  | { content: string }
  /** No answer at all: the request is held until the client gives up or the server closes. */
  | { hang: true }
  /** An error status with an OpenAI-shaped error body. */
  | { status: number; message: string };

/** A scripted turn, or one worked out from the request (a deck id or a marker a tool answered). */
export type ScriptStep = ScriptedTurn | ((request: ChatCompletionRequest) => ScriptedTurn);

export type TestOpenAiServer = {
  /** AI_BASE_URL for this server (with /v1, as Ollama, llama.cpp and vLLM are given). */
  baseUrl: string;
  /** Every request received since the last `script`, in order. */
  requests: ChatCompletionRequest[];
  /** Replaces the script: the next requests are answered by these steps, one each. */
  script: (steps: ScriptStep[]) => void;
  close: () => Promise<void>;
};

/**
 * A chat-completions server on 127.0.0.1 that answers from a script, non-streaming, as an
 * OpenAI-compatible server does: tool calls in the assistant message with finish_reason
 * 'tool_calls', then a final answer. A request past the end of the script answers 500, so a
 * test whose engine asks more than expected fails loudly.
 */
export async function startOpenAiServer(): Promise<TestOpenAiServer> {
  let steps: ScriptStep[] = [];
  const requests: ChatCompletionRequest[] = [];
  let counter = 0;

  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const completion = (model: string, message: Record<string, unknown>, finishReason: string) => ({
    id: `chatcmpl-${++counter}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finishReason }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  });

  const server = http.createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      json(response, 404, { error: { message: `No route ${request.method} ${request.url}`, type: 'not_found' } });
      return;
    }
    let text = '';
    for await (const chunk of request) text += chunk;
    const body = JSON.parse(text) as Omit<ChatCompletionRequest, 'authorization'>;
    const received: ChatCompletionRequest = { ...body, authorization: request.headers.authorization };
    requests.push(received);
    const step = steps.shift();
    const turn = typeof step === 'function' ? step(received) : step;
    if (!turn) {
      json(response, 500, {
        error: { message: 'The test script has no reply for this request.', type: 'server_error' },
      });
      return;
    }
    if ('hang' in turn) return;
    if ('status' in turn) {
      json(response, turn.status, { error: { message: turn.message, type: 'server_error' } });
      return;
    }
    if ('content' in turn) {
      json(response, 200, completion(body.model, { content: turn.content }, 'stop'));
      return;
    }
    const toolCalls = turn.toolCalls.map((call) => ({
      id: `call_${++counter}`,
      type: 'function',
      function: {
        name: call.name,
        arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
      },
    }));
    json(response, 200, completion(body.model, { content: null, tool_calls: toolCalls }, 'tool_calls'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (next) => {
      steps = [...next];
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Held requests (a hang) would keep close waiting for ever.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The tool results a request carries, in order: each call's name and its content, parsed when it is JSON. */
export function toolResultsOf(request: ChatCompletionRequest): { name: string; content: string; value: unknown }[] {
  const names = new Map<string, string>();
  for (const message of request.messages) {
    for (const call of message.tool_calls ?? []) names.set(call.id, call.function.name);
  }
  return request.messages
    .filter((message) => message.role === 'tool')
    .map((message) => {
      const content = message.content ?? '';
      let value: unknown = content;
      try {
        value = JSON.parse(content);
      } catch {
        // An error the SDK fed back is plain text.
      }
      return { name: names.get(message.tool_call_id ?? '') ?? '', content, value };
    });
}
