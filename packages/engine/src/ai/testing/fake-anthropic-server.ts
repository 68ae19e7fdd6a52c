/**
 * A fake Anthropic messages endpoint (`POST /v1/messages`) on loopback, for the real
 * `@ai-sdk/anthropic` client. Structured output comes back the way the request asked for it: as
 * a `json` tool call when the SDK sent that tool (its JSON-tool mode), else as text (its native
 * output format). Errors come in Anthropic's format (see fake-server.ts for the script).
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

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

function answer(
  response: ServerResponse,
  step: Parameters<typeof stepText>[0] & { usage?: { input: number; output: number } },
  body: unknown,
): void {
  const request = (body ?? {}) as { model?: string; tools?: { name?: string }[] };
  const usage = stepUsage(step);
  const jsonTool = request.tools?.find((tool) => tool.name === 'json');
  const id = `msg_fake_${++counter}`;
  const toolCall = jsonTool !== undefined && 'json' in step;
  sendJson(response, 200, {
    id,
    type: 'message',
    role: 'assistant',
    model: request.model ?? 'claude-fake',
    content: toolCall
      ? [{ type: 'tool_use', id: `toolu_fake_${counter}`, name: 'json', input: step.json }]
      : [{ type: 'text', text: stepText(step) }],
    stop_reason: toolCall ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: usage.input, output_tokens: usage.output },
  });
}

/** Starts a fake Anthropic server; give the SDK its `baseUrl`. */
export function startFakeAnthropicServer(
  options: FakeServerOptions = {},
): Promise<FakeProviderServer> {
  return startFakeServer(
    {
      path: '/messages',
      keyOf: (request) => {
        const key = request.headers['x-api-key'];
        return typeof key === 'string' ? key : undefined;
      },
      answer,
      error(response, status, message, retryAfter) {
        sendJson(
          response,
          status,
          {
            type: 'error',
            error: {
              type: ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error'),
              message,
            },
          },
          retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
        );
      },
    },
    options,
  );
}

/** The images (base64) an Anthropic request sent. */
export function anthropicImages(request: FakeRequest): string[] {
  const body = request.body as { messages?: { content: unknown }[] } | undefined;
  return (body?.messages ?? []).flatMap((message) =>
    Array.isArray(message.content)
      ? (message.content as { type?: string; source?: { data?: string } }[]).flatMap((part) =>
          part.type === 'image' && typeof part.source?.data === 'string' ? [part.source.data] : [],
        )
      : [],
  );
}

/** All the text an Anthropic request sent (system and messages), joined. */
export function anthropicText(request: FakeRequest): string {
  const body = request.body as { system?: unknown; messages?: { content: unknown }[] } | undefined;
  const parts: string[] = [];
  const collect = (content: unknown): void => {
    if (typeof content === 'string') parts.push(content);
    else if (Array.isArray(content))
      for (const part of content as { text?: unknown }[])
        if (typeof part.text === 'string') parts.push(part.text);
  };
  collect(body?.system);
  for (const message of body?.messages ?? []) collect(message.content);
  return parts.join('\n');
}
