import { streamText } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeProviderServer } from '.';

const servers: FakeProviderServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('startFakeOpenAiServer', () => {
  it('streams an answer with its usage to the real SDK (streamText)', async () => {
    const server = await startFakeOpenAiServer({
      script: [{ text: 'Hello from the stream', usage: { input: 12, output: 5 } }],
    });
    servers.push(server);
    const model = createOpenAI({ apiKey: 'k', baseURL: server.baseUrl }).chat('gpt-4o');
    const result = streamText({ model, prompt: 'Say hello' });
    let text = '';
    for await (const part of result.textStream) text += part;
    expect(text).toBe('Hello from the stream');
    expect((await result.usage).inputTokens).toBe(12);
    expect((server.requests[0]?.body as { stream?: boolean }).stream).toBe(true);
  });

  it('answers by a function of the request, and 404 off its route', async () => {
    const server = await startFakeOpenAiServer({
      fallback: (request) => ({ text: `you sent ${request.path}` }),
    });
    servers.push(server);
    const model = createOpenAI({ apiKey: 'k', baseURL: server.baseUrl }).chat('gpt-4o');
    const result = streamText({ model, prompt: 'x' });
    let text = '';
    for await (const part of result.textStream) text += part;
    expect(text).toBe('you sent /v1/chat/completions');
    const off = await fetch(`${server.baseUrl}/models`);
    expect(off.status).toBe(404);
  });
});
