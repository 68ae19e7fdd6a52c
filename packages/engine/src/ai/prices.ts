/**
 * What a model costs (issue 25): a built-in table of well-known models, in US dollars per million
 * tokens in and out. The run's `price` wins over it; a model it does not know is not costed (null).
 */
import type { AiPrice, AiProvider } from '@sitelift/shared/schemas/ai';

/** Published list prices (USD per 1M tokens), by provider and model name prefix. */
export const AI_PRICES: Readonly<Record<AiProvider, Readonly<Record<string, AiPrice>>>> = {
  openai: {
    'gpt-4o': { input: 2.5, output: 10 },
    'gpt-4o-mini': { input: 0.15, output: 0.6 },
    'gpt-4.1': { input: 2, output: 8 },
    'gpt-4.1-mini': { input: 0.4, output: 1.6 },
    'gpt-4.1-nano': { input: 0.1, output: 0.4 },
    'gpt-5': { input: 1.25, output: 10 },
    'gpt-5-mini': { input: 0.25, output: 2 },
    'gpt-5-nano': { input: 0.05, output: 0.4 },
  },
  anthropic: {
    'claude-opus-4': { input: 15, output: 75 },
    'claude-opus-4-1': { input: 15, output: 75 },
    'claude-opus-4-5': { input: 5, output: 25 },
    'claude-sonnet-4': { input: 3, output: 15 },
    'claude-sonnet-4-5': { input: 3, output: 15 },
    'claude-haiku-4-5': { input: 1, output: 5 },
    'claude-3-5-haiku': { input: 0.8, output: 4 },
  },
  google: {
    'gemini-2.5-pro': { input: 1.25, output: 10 },
    'gemini-2.5-flash': { input: 0.3, output: 2.5 },
    'gemini-2.5-flash-lite': { input: 0.1, output: 0.4 },
    'gemini-2.0-flash': { input: 0.1, output: 0.4 },
  },
  // Local servers (Ollama, LM Studio, vLLM) cost nothing per token; gateways vary: set `price`.
  'openai-compatible': {},
};

/**
 * The price of a model from the built-in table: the longest listed name that is the model's name
 * or a prefix of it ending at a '-' (a dated snapshot such as `gpt-4o-2024-08-06`); undefined when
 * none is.
 */
export function priceFor(provider: AiProvider, model: string): AiPrice | undefined {
  const table = AI_PRICES[provider];
  const name = model.trim().toLowerCase();
  let best: string | undefined;
  for (const key of Object.keys(table)) {
    const matches = name === key || name.startsWith(`${key}-`);
    if (matches && (best === undefined || key.length > best.length)) best = key;
  }
  return best === undefined ? undefined : table[best];
}

/** Dollars for tokens at a price (per million). */
export function costOf(price: AiPrice, tokensIn: number, tokensOut: number): number {
  return (tokensIn * price.input + tokensOut * price.output) / 1_000_000;
}
