/**
 * The run's model client (issue 25, decision record 058): one structured call at a time through
 * the Vercel AI SDK, each bounded and checked. `call` never throws; every failure is a reason and
 * a note for the report, and the stage that asked keeps its offline result.
 *
 * - The answer is asked for as JSON with the request's zod schema (`generateText` with
 *   `Output.object`) and parsed with that schema; an answer that does not parse is asked for once
 *   more with the exact error appended, then the call fails as 'invalid'.
 * - 429 and 5xx are retried with exponential backoff (Retry-After honoured) while the call's time
 *   limit (`timeoutMs`, retries included) allows; the SDK's own retries are off.
 * - Tokens are counted from the SDK's usage; a call once the run's budget (`maxTokens`) is spent
 *   is not made ('over_budget').
 * - Answers are cached by the SHA-256 of everything that makes the request (provider, model, task,
 *   system, prompt, image bytes, schema) in `cacheDir`: a cached answer costs no token.
 * - The API key is never logged: every message that leaves the client is sanitised first.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AiRunConfig, AiTask } from '@sitelift/shared/schemas/ai';
import { aiRunConfigSchema, type AiRunConfigInput } from '@sitelift/shared/schemas/ai';
import {
  APICallError,
  generateText,
  NoObjectGeneratedError,
  Output,
  type LanguageModel,
  type ModelMessage,
} from 'ai';
import pLimit from 'p-limit';
import { z } from 'zod';
import type { Logger } from '../ports';
import { costOf, priceFor } from './prices';
import type { AiCallRequest, AiCallResult, AiClient, AiFailure, AiUsage } from './types';

export { AI_PRICES, priceFor } from './prices';

/** What the client needs besides its settings. */
export interface AiClientOptions {
  /** One line per call (task, tokens, cost, ms, cached) and one per failure; never the key. */
  logger?: Logger;
  /** The HTTP client the SDK uses (tests, proxies). */
  fetch?: typeof globalThis.fetch;
  /** Milliseconds now (default Date.now). */
  now?: () => number;
}

/** Attempts per call for 429/5xx (the first one included), within the time limit. */
const MAX_ATTEMPTS = 4;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 8_000;
/** Failures in a row after which a run stops calling the model. */
const BREAKER_FAILURES = 3;
/** Output tokens a call may use unless the request says otherwise. */
const DEFAULT_MAX_OUTPUT_TOKENS = 4_096;

/** The SDK's model for the run's provider (openai: the chat completions API). */
/** Each hosted provider's API root, given explicitly so that no environment variable is read. */
const DEFAULT_BASE_URLS = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
} as const;

/**
 * The SDK's model for the run's provider (openai: the chat completions API). The key and the base
 * URL come from the run's settings only: the SDK's fallbacks to the worker's environment
 * (OPENAI_API_KEY, ANTHROPIC_BASE_URL…) are never used, so a user's run never spends the operator's
 * key by accident; a missing key is sent empty and refused by the provider.
 */
export function languageModel(
  config: Pick<AiRunConfig, 'provider' | 'model' | 'apiKey' | 'baseUrl'>,
  fetchImpl?: typeof globalThis.fetch,
): LanguageModel {
  const withFetch = fetchImpl === undefined ? {} : { fetch: fetchImpl };
  if (config.provider === 'openai-compatible') {
    if (config.baseUrl === undefined) throw new Error('openai-compatible needs a baseUrl');
    return createOpenAICompatible({
      ...withFetch,
      ...(config.apiKey === undefined || config.apiKey === '' ? {} : { apiKey: config.apiKey }),
      baseURL: config.baseUrl,
      name: 'openai-compatible',
      // Ollama, LM Studio, vLLM and OpenRouter take response_format json_schema.
      supportsStructuredOutputs: true,
    })(config.model);
  }
  const settings = {
    ...withFetch,
    apiKey: config.apiKey ?? '',
    baseURL: config.baseUrl ?? DEFAULT_BASE_URLS[config.provider],
  };
  switch (config.provider) {
    case 'openai':
      // Chat completions rather than the Responses API: the one protocol every OpenAI-like server
      // speaks, so a baseUrl to a proxy or gateway works the same.
      return createOpenAI(settings).chat(config.model);
    case 'anthropic':
      return createAnthropic(settings)(config.model);
    case 'google':
      return createGoogleGenerativeAI(settings)(config.model);
  }
}

/** Removes the key (and anything that looks like a credential) from a message. */
export function sanitize(message: string, apiKey?: string): string {
  let text = message;
  if (apiKey !== undefined && apiKey.length >= 4) text = text.split(apiKey).join('[key]');
  return text
    .replace(/(bearer\s+)[^\s"',]+/gi, '$1[key]')
    .replace(
      /((?:api[_-]?key|x-api-key|x-goog-api-key|key|token|authorization)["']?\s*[:=]\s*["']?)[^\s"'&,}]+/gi,
      '$1[key]',
    )
    .replace(/\bsk-[A-Za-z0-9_-]{6,}/g, '[key]')
    .slice(0, 500);
}

/** The first few problems of a zod error, with their paths: what the model is told to fix. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const where = issue.path.length > 0 ? ` at ${issue.path.map(String).join('.')}` : '';
      return `${issue.message}${where}`;
    })
    .join('; ');
}

/** Why an answer's text is not the schema's value. */
function validationError<T>(text: string | undefined, schema: z.ZodType<T>): string {
  if (text === undefined || text.trim() === '') return 'The answer was empty; answer with JSON.';
  let value: unknown;
  try {
    value = JSON.parse(stripFence(text));
  } catch (error) {
    return `The answer is not valid JSON (${error instanceof Error ? error.message : String(error)}).`;
  }
  const parsed = schema.safeParse(value);
  return parsed.success
    ? 'The answer could not be read as the requested JSON.'
    : `The answer does not match the schema: ${describeIssues(parsed.error)}.`;
}

function stripFence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
  return fenced?.[1] ?? text;
}

/** Milliseconds to wait from a Retry-After header (seconds or an HTTP date), undefined when none. */
function retryAfterMs(
  headers: Record<string, string> | undefined,
  now: number,
): number | undefined {
  if (headers === undefined) return undefined;
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'retry-after');
  const ms = Object.entries(headers).find(([name]) => name.toLowerCase() === 'retry-after-ms');
  if (ms !== undefined && Number.isFinite(Number(ms[1]))) return Math.max(0, Number(ms[1]));
  if (entry === undefined) return undefined;
  const seconds = Number(entry[1]);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(entry[1]);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Whether a schema suits OpenAI's strict structured outputs: every object lists all its
 * properties as required and allows no others. A schema with optional fields is sent non-strict
 * (the answer is still checked with zod).
 */
export function strictCompatible(schema: z.ZodType): boolean {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return false;
  }
  const visit = (node: unknown): boolean => {
    if (Array.isArray(node)) return node.every(visit);
    if (node === null || typeof node !== 'object') return true;
    const record = node as Record<string, unknown>;
    if (record.type === 'object' || record.properties !== undefined) {
      const keys = Object.keys((record.properties as Record<string, unknown> | undefined) ?? {});
      const required = new Set((record.required as string[] | undefined) ?? []);
      if (!keys.every((key) => required.has(key))) return false;
    }
    return Object.values(record).every(visit);
  };
  return visit(json);
}

/** The cache key of a request: everything that decides the answer. */
export function requestHash(
  config: Pick<AiRunConfig, 'provider' | 'model'>,
  request: AiCallRequest<unknown>,
): string {
  const hash = createHash('sha256');
  let schemaJson: string;
  try {
    schemaJson = JSON.stringify(z.toJSONSchema(request.schema, { unrepresentable: 'any' }));
  } catch {
    schemaJson = 'unrepresentable';
  }
  hash.update(
    JSON.stringify([
      config.provider,
      config.model,
      request.task,
      request.system,
      request.prompt,
      schemaJson,
    ]),
  );
  for (const image of request.images ?? []) {
    hash.update(`\n${image.mediaType}\n${image.data.length}\n`);
    hash.update(image.data);
  }
  return hash.digest('hex');
}

/** A failure with what testAiConnection needs to word it. */
interface Failure {
  reason: AiFailure;
  message: string;
  status?: number;
  unreachable?: boolean;
}

/** What one attempt at the model ended with. */
type Attempt<T> =
  | { kind: 'ok'; value: T; usage: AiUsage }
  | { kind: 'invalid'; text: string | undefined; error: string; usage: AiUsage }
  | { kind: 'failed'; failure: Failure; retryAfter?: number };

/** The client with the internals testAiConnection reads. */
interface InternalClient extends AiClient {
  lastFailure(): Failure | undefined;
}

/** The run's model client; one per run (the budget, the notes and the counts are the run's). */
export function createAiClient(
  input: AiRunConfig | AiRunConfigInput,
  opts: AiClientOptions = {},
): AiClient {
  return createInternalClient(aiRunConfigSchema.parse(input), opts);
}

function createInternalClient(config: AiRunConfig, opts: AiClientOptions): InternalClient {
  const now = opts.now ?? (() => Date.now());
  const limit = pLimit(config.concurrency);
  const price = config.price ?? priceFor(config.provider, config.model);
  const counts = { total: 0, cached: 0, failed: 0, tokensIn: 0, tokensOut: 0, ms: 0 };
  const notes: string[] = [];
  let budgetNoted = false;
  /** Failures in a row (timeouts, 429/5xx, refusals); at BREAKER_FAILURES the run stops calling. */
  let failuresInARow = 0;
  let broken: { reason: AiFailure; why: string } | undefined;
  /** The failure behind each failed result (its HTTP status), for the breaker. */
  const failureOf = new WeakMap<object, Failure>();
  let failureOfLastCall: Failure | undefined;
  let model: LanguageModel | undefined;
  let modelError: string | undefined;
  try {
    model = languageModel(config, opts.fetch);
  } catch (error) {
    modelError = sanitize(error instanceof Error ? error.message : String(error), config.apiKey);
  }

  const log = (level: 'INFO' | 'WARNING', message: string): void =>
    opts.logger?.log({ level, message: sanitize(message, config.apiKey) });
  const note = (message: string): void => {
    const clean = sanitize(message, config.apiKey);
    if (!notes.includes(clean)) notes.push(clean);
  };
  const spent = (): number => counts.tokensIn + counts.tokensOut;
  const costText = (usage: AiUsage): string =>
    price === undefined
      ? 'cost unknown'
      : `~$${costOf(price, usage.input, usage.output).toFixed(4)}`;

  async function readCache<T>(key: string, schema: z.ZodType<T>): Promise<T | undefined> {
    if (config.cacheDir === undefined) return undefined;
    try {
      const saved = JSON.parse(
        await readFile(path.join(config.cacheDir, `${key}.json`), 'utf8'),
      ) as {
        value?: unknown;
      };
      const parsed = schema.safeParse(saved.value);
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  async function writeCache(key: string, value: unknown): Promise<void> {
    if (config.cacheDir === undefined) return;
    try {
      await mkdir(config.cacheDir, { recursive: true });
      const file = path.join(config.cacheDir, `${key}.json`);
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(
        temporary,
        `${JSON.stringify({ provider: config.provider, model: config.model, value })}\n`,
      );
      await rename(temporary, file);
    } catch (error) {
      log(
        'WARNING',
        `AI cache not written: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** One request to the model; never throws. */
  async function attempt<T>(
    request: AiCallRequest<T>,
    messages: ModelMessage[],
    signal: AbortSignal,
    maxOutputTokens: number,
  ): Promise<Attempt<T>> {
    if (model === undefined) {
      return { kind: 'failed', failure: { reason: 'error', message: modelError ?? 'no model' } };
    }
    try {
      const result = await generateText({
        model,
        system: request.system,
        messages,
        output: Output.object({ schema: request.schema }),
        // OpenAI's strict structured outputs take only objects whose every property is required.
        ...(strictCompatible(request.schema)
          ? {}
          : { providerOptions: { openai: { strictJsonSchema: false } } }),
        maxRetries: 0,
        abortSignal: signal,
        maxOutputTokens,
      });
      const usage = {
        input: result.usage.inputTokens ?? 0,
        output: result.usage.outputTokens ?? 0,
      };
      // The SDK checked the answer with the schema; parse again for the schema's output (defaults).
      const parsed = request.schema.safeParse(result.output);
      if (parsed.success) return { kind: 'ok', value: parsed.data, usage };
      return {
        kind: 'invalid',
        text: result.text,
        error: `The answer does not match the schema: ${describeIssues(parsed.error)}.`,
        usage,
      };
    } catch (error) {
      if (signal.aborted) {
        return {
          kind: 'failed',
          failure: {
            reason: 'timeout',
            message: `no answer within ${(config.timeoutMs / 1000).toFixed(0)} s`,
          },
        };
      }
      if (NoObjectGeneratedError.isInstance(error)) {
        return {
          kind: 'invalid',
          text: error.text,
          error: validationError(error.text, request.schema),
          usage: { input: error.usage?.inputTokens ?? 0, output: error.usage?.outputTokens ?? 0 },
        };
      }
      if (APICallError.isInstance(error)) {
        const status = error.statusCode;
        const detail = sanitize(error.message, config.apiKey);
        if (status === 429) {
          return {
            kind: 'failed',
            failure: { reason: 'rate_limited', message: `rate limited (429): ${detail}`, status },
            retryAfter: retryAfterMs(error.responseHeaders, now()),
          };
        }
        if (status !== undefined && status >= 500) {
          return {
            kind: 'failed',
            failure: {
              reason: 'server_error',
              message: `server error (${status}): ${detail}`,
              status,
            },
            retryAfter: retryAfterMs(error.responseHeaders, now()),
          };
        }
        if (status === undefined) {
          return {
            kind: 'failed',
            failure: {
              reason: 'error',
              message: `cannot reach the model: ${detail}`,
              unreachable: true,
            },
          };
        }
        return {
          kind: 'failed',
          failure: { reason: 'error', message: `refused (${status}): ${detail}`, status },
        };
      }
      const message = error instanceof Error ? error.message : String(error);
      const unreachable = /fetch failed|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|socket/i.test(
        `${message} ${error instanceof Error && error.cause instanceof Error ? error.cause.message : ''}`,
      );
      return {
        kind: 'failed',
        failure: {
          reason: 'error',
          message: sanitize(
            unreachable ? `cannot reach the model: ${message}` : message,
            config.apiKey,
          ),
          ...(unreachable ? { unreachable } : {}),
        },
      };
    }
  }

  /** The call with retries and the one repair, under the time limit. */
  async function run<T>(request: AiCallRequest<T>, started: number): Promise<AiCallResult<T>> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), config.timeoutMs);
    const deadline = started + config.timeoutMs;
    const usage: AiUsage = { input: 0, output: 0 };
    const messages: ModelMessage[] = [
      {
        role: 'user',
        content: [
          { type: 'text', text: request.prompt },
          ...(request.images ?? []).map((image) => ({
            type: 'file' as const,
            data: image.data,
            mediaType: image.mediaType,
          })),
        ],
      },
    ];
    const remaining = Math.max(1, config.maxTokens - spent());
    const maxOutputTokens = Math.min(
      request.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
      remaining,
    );
    let repaired = false;
    let failures = 0;
    try {
      for (;;) {
        const result = await attempt(request, messages, controller.signal, maxOutputTokens);
        if (result.kind !== 'failed') {
          usage.input += result.usage.input;
          usage.output += result.usage.output;
          counts.tokensIn += result.usage.input;
          counts.tokensOut += result.usage.output;
        }
        if (result.kind === 'ok')
          return { ok: true, value: result.value, usage, cached: false, ms: now() - started };
        if (result.kind === 'invalid') {
          if (repaired)
            return fail({ reason: 'invalid', message: `invalid answer twice: ${result.error}` });
          repaired = true;
          messages.push(
            { role: 'assistant', content: result.text || '(no answer)' },
            {
              role: 'user',
              content: `${result.error} Answer again with only the JSON object that matches the schema.`,
            },
          );
          continue;
        }
        const { failure } = result;
        failureOfLastCall = failure;
        const retryable = failure.reason === 'rate_limited' || failure.reason === 'server_error';
        failures += 1;
        if (!retryable || failures >= MAX_ATTEMPTS) return fail(failure);
        const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (failures - 1));
        const wait = result.retryAfter ?? backoff * (0.75 + Math.random() * 0.5);
        if (now() + wait >= deadline) {
          return fail({ ...failure, message: `${failure.message}; no time left to retry` });
        }
        await sleep(wait, controller.signal);
        if (controller.signal.aborted) {
          return fail({
            reason: 'timeout',
            message: `no answer within ${(config.timeoutMs / 1000).toFixed(0)} s`,
          });
        }
      }
    } finally {
      clearTimeout(timer);
    }

    function fail(failure: Failure): AiCallResult<T> {
      failureOfLastCall = failure;
      const result: AiCallResult<T> = {
        ok: false,
        reason: failure.reason,
        message: sanitize(failure.message, config.apiKey),
        ms: now() - started,
      };
      failureOf.set(result, failure);
      return result;
    }
  }

  /**
   * Counts a failure toward the breaker: a model refusing the key or the model name (401, 403,
   * 404) trips it at once, timeouts and 429/5xx after BREAKER_FAILURES in a row, so a dead or
   * stalled model costs a job a few time limits, not one per page and picture.
   */
  function trip(reason: AiFailure, failure: Failure | undefined, message: string): void {
    if (reason === 'invalid' || reason === 'disabled' || reason === 'over_budget') return;
    failuresInARow += 1;
    const refused = failure?.status === 401 || failure?.status === 403 || failure?.status === 404;
    if (broken !== undefined || (!refused && failuresInARow < BREAKER_FAILURES)) return;
    broken = { reason, why: message };
    note(
      `The model failed ${refused ? '' : `${failuresInARow} times in a row `}(${message}); later model calls were skipped and the offline result kept.`,
    );
  }

  function skipBroken(
    task: AiTask,
    state: { reason: AiFailure; why: string },
  ): AiCallResult<never> {
    counts.total += 1;
    counts.failed += 1;
    log('WARNING', `AI ${task}: skipped, the model failed before (${state.reason})`);
    return { ok: false, reason: state.reason, message: `skipped: ${state.why}`, ms: 0 };
  }

  const client: InternalClient = {
    provider: config.provider,
    model: config.model,
    config,
    allows(task: AiTask): boolean {
      return !config.disabled.includes(task) && spent() < config.maxTokens && broken === undefined;
    },
    note,
    lastFailure: () => failureOfLastCall,
    async call<T>(request: AiCallRequest<T>): Promise<AiCallResult<T>> {
      const started = now();
      try {
        failureOfLastCall = undefined;
        if (config.disabled.includes(request.task)) {
          return {
            ok: false,
            reason: 'disabled',
            message: `the task ${request.task} is turned off`,
            ms: 0,
          };
        }
        const key = requestHash(config, request as AiCallRequest<unknown>);
        const cachedValue = await readCache(key, request.schema);
        if (cachedValue !== undefined) {
          counts.total += 1;
          counts.cached += 1;
          log('INFO', `AI ${request.task}: cached answer (0 tokens)`);
          return {
            ok: true,
            value: cachedValue,
            usage: { input: 0, output: 0 },
            cached: true,
            ms: now() - started,
          };
        }
        if (spent() >= config.maxTokens) {
          counts.total += 1;
          counts.failed += 1;
          if (!budgetNoted) {
            budgetNoted = true;
            note(
              `The token budget (${config.maxTokens.toLocaleString('en')}) was spent; later model calls were skipped and the offline result kept.`,
            );
          }
          log('WARNING', `AI ${request.task}: skipped, the token budget is spent`);
          return { ok: false, reason: 'over_budget', message: 'the token budget is spent', ms: 0 };
        }
        if (broken !== undefined) return skipBroken(request.task, broken);
        // Calls queued before the breaker tripped are skipped too.
        const result = await limit(() => (broken === undefined ? run(request, now()) : undefined));
        if (result === undefined) return skipBroken(request.task, broken!);
        counts.total += 1;
        counts.ms += result.ms;
        if (result.ok) failuresInARow = 0;
        else trip(result.reason, failureOf.get(result), result.message);
        if (result.ok) {
          log(
            'INFO',
            `AI ${request.task}: ${result.usage.input} in / ${result.usage.output} out tokens, ${costText(result.usage)}, ${result.ms} ms`,
          );
          await writeCache(key, result.value);
          return result;
        }
        counts.failed += 1;
        note(
          `${request.task}: the model gave no usable answer (${result.message}); the offline result was kept.`,
        );
        log(
          'WARNING',
          `AI ${request.task}: failed (${result.reason}) after ${result.ms} ms: ${result.message}`,
        );
        return result;
      } catch (error) {
        // Nothing above should throw; if it does, the call still fails quietly.
        const message = sanitize(
          error instanceof Error ? error.message : String(error),
          config.apiKey,
        );
        counts.total += 1;
        counts.failed += 1;
        note(`${request.task}: ${message}; the offline result was kept.`);
        log('WARNING', `AI ${request.task}: failed: ${message}`);
        return { ok: false, reason: 'error', message, ms: now() - started };
      }
    },
    summary() {
      return {
        provider: config.provider,
        model: config.model,
        calls: { total: counts.total, cached: counts.cached, failed: counts.failed },
        tokens_in: counts.tokensIn,
        tokens_out: counts.tokensOut,
        cost_usd:
          price === undefined
            ? null
            : Math.round(costOf(price, counts.tokensIn, counts.tokensOut) * 1_000_000) / 1_000_000,
        seconds: Math.round(counts.ms / 100) / 10,
        notes: [...notes],
      };
    },
  };
  return client;
}

/** What "Test connection" shows. */
export type AiConnectionResult =
  { ok: true; model: string; ms: number } | { ok: false; message: string };

const connectionSchema = z.object({ ok: z.boolean() });

/**
 * One tiny structured call with the user's settings, for the "Test connection" button: ok with the
 * model and the time it took, or a message a user understands (wrong key, unknown model, cannot
 * reach the URL, too slow). Never throws; never echoes the key.
 */
export async function testAiConnection(
  input: AiRunConfig | AiRunConfigInput,
  opts: Omit<AiClientOptions, 'logger'> = {},
): Promise<AiConnectionResult> {
  const parsed = aiRunConfigSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      message:
        `The settings are not valid: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    };
  }
  const config: AiRunConfig = {
    ...parsed.data,
    disabled: [],
    cacheDir: undefined,
    timeoutMs: Math.min(parsed.data.timeoutMs, 30_000),
  };
  if (config.provider === 'openai-compatible' && config.baseUrl === undefined) {
    return {
      ok: false,
      message:
        'An OpenAI-compatible provider needs its base URL (for Ollama: http://127.0.0.1:11434/v1).',
    };
  }
  const client = createInternalClient(config, opts);
  const result = await client.call({
    task: 'understand',
    schema: connectionSchema,
    system: 'You are a connection test. Answer with the JSON object {"ok": true}.',
    prompt: 'Reply with {"ok": true}.',
    // Room for a reasoning model's thinking before its answer.
    maxOutputTokens: 1_000,
  });
  if (result.ok) return { ok: true, model: config.model, ms: result.ms };
  const failure = client.lastFailure();
  const where = config.baseUrl ?? `the ${config.provider} API`;
  const message = ((): string => {
    if (failure?.status === 401 || failure?.status === 403) {
      return `The API key was refused (${failure.status}). Check the key and that it may use ${config.model}.`;
    }
    if (failure?.status === 404) {
      return `The model "${config.model}" was not found (404). Check its name${config.baseUrl === undefined ? '' : ' and the base URL'}.`;
    }
    if (failure?.unreachable === true)
      return `Cannot reach ${where}. Check the URL and that the server is running.`;
    switch (result.reason) {
      case 'timeout':
        return `${where} did not answer within ${(config.timeoutMs / 1000).toFixed(0)} seconds.`;
      case 'rate_limited':
        return 'The provider is rate limiting this key (429). Try again in a minute.';
      case 'server_error':
        return `The provider answered with a server error (${failure?.status ?? 500}). Try again later.`;
      case 'invalid':
        return `The model answered, but not with the structured JSON Sitelift needs: ${result.message}`;
      default:
        return `The model could not be used: ${result.message}`;
    }
  })();
  return { ok: false, message: sanitize(message, config.apiKey) };
}
