/**
 * A fake OpenAI chat completions endpoint (`POST /v1/chat/completions`) on loopback, for the real
 * `@ai-sdk/openai` and `@ai-sdk/openai-compatible` clients: answers (also streamed, with
 * `stream: true`), usage, and errors in OpenAI's format, from a script (see fake-server.ts).
 */
import type { ServerResponse } from 'node:http';
import {
  sendJson,
  startFakeServer,
  stepText,
  stepUsage,
  type FakeProviderServer,
  type FakeRequest,
  type FakeServerOptions,
} from './fake-server';

let counter = 0;

function answer(
  response: ServerResponse,
  step: Parameters<typeof stepText>[0] & { usage?: { input: number; output: number } },
  body: unknown,
): void {
  const request = (body ?? {}) as { model?: string; stream?: boolean };
  const id = `chatcmpl-fake-${++counter}`;
  const created = Math.floor(Date.now() / 1000);
  const model = request.model ?? 'fake-model';
  const text = stepText(step);
  const usage = stepUsage(step);
  const openAiUsage = {
    prompt_tokens: usage.input,
    completion_tokens: usage.output,
    total_tokens: usage.input + usage.output,
  };
  if (request.stream === true) {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const chunk = (delta: object, finish: string | null, extra: object = {}): string =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;
    response.write(chunk({ role: 'assistant', content: '' }, null));
    // Two pieces, so a client really reassembles the stream.
    const half = Math.ceil(text.length / 2);
    response.write(chunk({ content: text.slice(0, half) }, null));
    response.write(chunk({ content: text.slice(half) }, null));
    response.write(chunk({}, 'stop'));
    response.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: openAiUsage })}\n\n`,
    );
    response.end('data: [DONE]\n\n');
    return;
  }
  sendJson(response, 200, {
    id,
    object: 'chat.completion',
    created,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: text, refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: openAiUsage,
  });
}

/** Starts a fake OpenAI-compatible server; give the SDK its `baseUrl`. */
export function startFakeOpenAiServer(
  options: FakeServerOptions = {},
): Promise<FakeProviderServer> {
  return startFakeServer(
    {
      path: '/chat/completions',
      keyOf: (request) => /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1],
      answer,
      error(response, status, message, retryAfter) {
        const type =
          status === 401
            ? 'invalid_request_error'
            : status === 429
              ? 'rate_limit_exceeded'
              : status >= 500
                ? 'server_error'
                : 'invalid_request_error';
        sendJson(
          response,
          status,
          {
            error: { message, type, param: null, code: status === 404 ? 'model_not_found' : null },
          },
          retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
        );
      },
    },
    options,
  );
}

/** The messages an OpenAI chat request sent. */
export function openAiMessages(request: FakeRequest): { role: string; content: unknown }[] {
  const body = request.body as { messages?: { role: string; content: unknown }[] } | undefined;
  return body?.messages ?? [];
}

/** The images (data URLs) an OpenAI chat request sent. */
export function openAiImages(request: FakeRequest): string[] {
  return openAiMessages(request).flatMap((message) =>
    Array.isArray(message.content)
      ? (message.content as { type?: string; image_url?: { url?: string } }[]).flatMap((part) =>
          part.type === 'image_url' && typeof part.image_url?.url === 'string'
            ? [part.image_url.url]
            : [],
        )
      : [],
  );
}

/** All the text an OpenAI chat request sent (system and user), joined. */
export function openAiText(request: FakeRequest): string {
  return openAiMessages(request)
    .flatMap((message) =>
      typeof message.content === 'string'
        ? [message.content]
        : Array.isArray(message.content)
          ? (message.content as { type?: string; text?: string }[]).flatMap((part) =>
              typeof part.text === 'string' ? [part.text] : [],
            )
          : [],
    )
    .join('\n');
}
