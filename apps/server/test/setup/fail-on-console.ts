import { afterEach, vi } from 'vitest';

// STYLE.md §7: any console.error or console.warn during a test fails it.
const messages: string[] = [];

for (const method of ['error', 'warn'] as const) {
  vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
    messages.push(`console.${method}: ${args.map(String).join(' ')}`);
  });
}

afterEach(() => {
  if (messages.length > 0) {
    const found = messages.splice(0);
    throw new Error(`Unexpected console output during the test:\n${found.join('\n')}`);
  }
});
