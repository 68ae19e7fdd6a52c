/**
 * A fake Google Gemini endpoint (`POST /v1/models/{model}:generateContent`, the
 * generativelanguage API's shape under the fake's `/v1` root) on loopback, for the real
 * `@ai-sdk/google` client. The structured answer comes back as the candidate's text part (the SDK
 * asks for `application/json` with a response schema); errors in Google's format (see
 * fake-server.ts for the script).
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

const STATUSES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** The model a request's path names (`/v1/models/gemini-2.5-flash:generateContent`). */
function modelOf(path: string): string {
  return /\/models\/([^/:]+):generateContent$/.exec(path)?.[1] ?? 'gemini-fake';
}

/** Starts a fake Gemini server; give the SDK its `baseUrl`. */
export function startFakeGoogleServer(
  options: FakeServerOptions = {},
): Promise<FakeProviderServer> {
  return startFakeServer(
    {
      path: /^\/models\/[^/:]+:generateContent$/,
      keyOf: (request) => {
        const key = request.headers['x-goog-api-key'];
        return typeof key === 'string' ? key : undefined;
      },
      answer(response: ServerResponse, step, _body, path) {
        const usage = stepUsage(step);
        sendJson(response, 200, {
          candidates: [
            {
              content: { role: 'model', parts: [{ text: stepText(step) }] },
              finishReason: 'STOP',
              index: 0,
            },
          ],
          usageMetadata: {
            promptTokenCount: usage.input,
            candidatesTokenCount: usage.output,
            totalTokenCount: usage.input + usage.output,
          },
          modelVersion: modelOf(path),
        });
      },
      error(response, status, message, retryAfter) {
        sendJson(
          response,
          status,
          { error: { code: status, message, status: STATUSES[status] ?? 'UNKNOWN' } },
          retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
        );
      },
    },
    options,
  );
}

/** The images (base64) a Gemini request sent. */
export function googleImages(request: FakeRequest): string[] {
  return googleParts(request).flatMap((part) =>
    typeof part.inlineData?.data === 'string' ? [part.inlineData.data] : [],
  );
}

/** All the text a Gemini request sent (system instruction and contents), joined. */
export function googleText(request: FakeRequest): string {
  return googleParts(request)
    .flatMap((part) => (typeof part.text === 'string' ? [part.text] : []))
    .join('\n');
}

type GooglePart = { text?: unknown; inlineData?: { data?: unknown } };

function googleParts(request: FakeRequest): GooglePart[] {
  const body = request.body as
    | { systemInstruction?: { parts?: GooglePart[] }; contents?: { parts?: GooglePart[] }[] }
    | undefined;
  return [
    ...(body?.systemInstruction?.parts ?? []),
    ...(body?.contents ?? []).flatMap((content) => content.parts ?? []),
  ];
}
