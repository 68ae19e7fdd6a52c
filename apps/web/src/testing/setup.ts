import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetMockDb } from './mocks/db';
import { siteCheckAnswers } from './mocks/handlers/projects';
import { server } from './mocks/server';

// The machine is shared; give rendering room before a findBy* gives up.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these; the router's scroll restoration and the UI libraries call them.
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};
// Sonner's toasts capture the pointer when pressed (their swipe-to-dismiss).
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

let consoleProblems: string[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

beforeEach(() => {
  consoleProblems = [];
  // Any console.error or console.warn fails the test (STYLE.md §7).
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleProblems.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetMockDb();
  siteCheckAnswers.clear();
  vi.useRealTimers();
  const problems = consoleProblems;
  consoleProblems = [];
  if (problems.length > 0) throw new Error(`Unexpected console output:\n${problems.join('\n')}`);
});

afterAll(() => server.close());
