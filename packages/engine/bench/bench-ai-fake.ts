/**
 * `npm run bench:engine -- --ai` against a fake OpenAI server on loopback (issue 25): proves the
 * bench's AI path end to end without a provider. The fake answers every repair request with the
 * same patch (a darker accent, then "changes nothing"); the bench runs as it would for a user, its
 * model read from AI_PROVIDER, AI_MODEL, AI_API_KEY and AI_BASE_URL. Every argument goes to the bench:
 *
 *   npx tsx packages/engine/bench/bench-ai-fake.ts --site wouter-1998 --max-pages 3
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { UNCHANGED_COLORS } from '../src/ai/repair/patch';
import { startFakeOpenAiServer } from '../src/ai/testing';

const KEY = 'sk-fake-bench';
const fake = await startFakeOpenAiServer({
  apiKey: KEY,
  fallback: {
    json: {
      patch: {
        kind: 'colors',
        colors: { ...UNCHANGED_COLORS, accent: '#3b1a99', onAccent: '#ffffff' },
        reason: 'A deeper accent.',
      },
    },
  },
});
const bench = fileURLToPath(new URL('./bench-engine.ts', import.meta.url));
const code = await new Promise<number>((resolve) => {
  const child = spawn(
    process.execPath,
    [...process.execArgv, bench, '--ai', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        AI_PROVIDER: 'openai-compatible',
        AI_MODEL: 'fake-vision',
        AI_API_KEY: KEY,
        AI_BASE_URL: fake.baseUrl,
        // The fake answers repair requests only: the other tasks stay offline.
        AI_DISABLED: 'understand,design,describe,alt',
      },
    },
  );
  child.on('close', (exit) => resolve(exit ?? 1));
});
process.stderr.write(`bench-ai-fake: the fake answered ${fake.requests.length} requests\n`);
await fake.close();
process.exitCode = code;
