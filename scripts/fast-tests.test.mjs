import { describe, expect, it } from 'vitest';
import { isFastTestSource, listFastTestFiles } from './fast-tests.mjs';

describe('fast test tier', () => {
  it('keeps a pure unit test', () => {
    expect(isFastTestSource("import { slugify } from './slugify';\nit('slugs', () => {});")).toBe(
      true,
    );
  });

  it('leaves out tests that reach for a browser, a database, the corpus or a server', () => {
    expect(isFastTestSource('const browser = await chromium.launch();')).toBe(false);
    expect(isFastTestSource('describe.skipIf(!process.env.TEST_DATABASE_URL)')).toBe(false);
    expect(isFastTestSource('const site = readCorpusManifest()[0];')).toBe(false);
    expect(isFastTestSource('await verifyProject(tree, expectations, ports);')).toBe(false);
    expect(isFastTestSource('server.listen(0, "127.0.0.1");')).toBe(false);
    expect(isFastTestSource('const child = spawn(process.execPath, [main]);')).toBe(false);
    expect(isFastTestSource('testApp = await createTestApp();')).toBe(false);
    expect(isFastTestSource("const { user } = renderApp('/dashboard');")).toBe(false);
  });

  it('leaves out a test that says its work is slow', () => {
    expect(isFastTestSource('// Test tier: slow (encodes 130 photos).\nit("x", () => {});')).toBe(
      false,
    );
  });

  it('matches whole words only', () => {
    expect(isFastTestSource('const listener = () => {}; const listening = 1;')).toBe(true);
  });

  it('lists the fast files among the given ones', () => {
    const sources = { 'a.test.ts': 'expect(1).toBe(1)', 'b.test.ts': 'runPipeline(input)' };
    expect(listFastTestFiles(Object.keys(sources), (file) => sources[file])).toEqual(['a.test.ts']);
  });
});
