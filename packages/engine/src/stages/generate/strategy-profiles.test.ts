/**
 * Generate reads a strategy's features, never its name (issue 21 item 2): a profile that is not one
 * of STRATEGY_PROFILES yet (a fourth strategy) gets the project its features describe, and builds.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STRATEGY_PROFILES, type StrategyProfile } from '../../model/strategy-profiles';
import type { FileTree, Strategy } from '../../types';
import { extractSite } from '../extract/extract-site';
import { planSite } from '../plan/plan-site';
import { generateProject } from './generate-project';
import { buildTree, removeProject } from './testing/build-project';
import { loadFixture } from './testing/load-fixture';

function planOf(name: string, strategy: Strategy) {
  return planSite(extractSite(loadFixture(name).raw), { strategy });
}

function text(tree: FileTree, path: string): string {
  const content = tree.files[path];
  if (typeof content !== 'string') throw new Error(`${path} is missing or binary`);
  return content;
}

const cleanup: string[] = [];
afterAll(async () => {
  for (const dir of cleanup) await removeProject(dir);
});

describe('strategy profiles drive generate', () => {
  it('a strategy is its profile: another name with the same features gets the same project', async () => {
    const plan = planOf('contact-page', 'INCREMENTAL_UPDATE');
    const named = await generateProject(plan);
    // FULL_REBUILD's name with INCREMENTAL_UPDATE's features: nothing of FULL_REBUILD's.
    const renamed = await generateProject(
      { ...plan, strategy: 'FULL_REBUILD' },
      {},
      {
        ...STRATEGY_PROFILES.INCREMENTAL_UPDATE,
      },
    );
    expect(renamed).toEqual(named);
  });

  it('a fourth profile (a content-modules site made installable, without JSON-LD) gets what its features say', async () => {
    const plan = planOf('contact-page', 'INCREMENTAL_UPDATE');
    const installable: StrategyProfile = {
      ...STRATEGY_PROFILES.INCREMENTAL_UPDATE,
      pwa: true,
      jsonLd: false,
      readmeSummary: 'Installable update: the incremental update, installable as a PWA.',
    };
    const base = await generateProject(plan);
    const tree = await generateProject(plan, {}, installable);
    const added = Object.keys(tree.files).filter((path) => !(path in base.files));
    expect(added.sort()).toEqual(['public/manifest.webmanifest', 'public/sw.js']);
    expect(Object.keys(base.files).filter((path) => !(path in tree.files))).toEqual([]);
    const html = text(tree, 'index.html');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).not.toContain('application/ld+json');
    expect(text(base, 'index.html')).toContain('application/ld+json');
    expect(text(tree, 'src/content/site.ts')).toContain(
      'features: { analytics: false, pwa: true }',
    );
    // Not prerendered, no budget, no motion: FULL_REBUILD's other features stay off.
    expect(JSON.parse(text(tree, 'package.json')).scripts.build).toBe('vite build');
    expect(text(tree, 'src/index.css')).toBe(text(base, 'src/index.css'));
    expect(text(tree, 'README.md')).toContain(installable.readmeSummary);
    expect(text(tree, 'README.md')).not.toContain(
      STRATEGY_PROFILES.INCREMENTAL_UPDATE.readmeSummary,
    );
  });

  it('a fourth profile (JavaScript page components with analytics, motion and a size budget) builds', async () => {
    const plan = planOf('font-table-1998', 'STYLE_MODERNIZATION');
    const profile: StrategyProfile = {
      ...STRATEGY_PROFILES.STYLE_MODERNIZATION,
      analytics: true,
      motion: true,
      sizeBudget: true,
      jsonLd: true,
      pwa: true,
    };
    const base = await generateProject(plan);
    const tree = await generateProject(plan, {}, profile);
    const pkg = JSON.parse(text(tree, 'package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).toBe('vite build && node scripts/check-size.mjs');
    expect(pkg.scripts.size).toBe('node scripts/check-size.mjs');
    expect(pkg.scripts.typecheck).toBeUndefined();
    expect(tree.files['scripts/check-size.mjs']).toBeDefined();
    expect(tree.files['scripts/prerender.mjs']).toBeUndefined();
    expect(tree.files['src/entry-server.jsx']).toBeUndefined();
    expect(Object.keys(tree.files).filter((path) => /\.tsx?$/.test(path))).toEqual([]);
    expect(text(tree, 'src/content/site.js')).toMatch(
      /features: \{\s*analytics: true,\s*pwa: true,?\s*\}/,
    );
    expect(text(tree, '.env.example')).toContain('VITE_ANALYTICS_ENDPOINT=');
    expect(text(tree, 'index.html')).toContain('application/ld+json');
    // Motion: the stylesheet grows by the template's motion styles.
    expect(text(tree, 'src/index.css').length).toBeGreaterThan(text(base, 'src/index.css').length);
    const readme = text(tree, 'README.md');
    expect(readme).toContain(
      '`npm run build` builds the client, then\n`scripts/check-size.mjs` checks the performance budget',
    );
    expect(readme).toContain('| `VITE_ANALYTICS_ENDPOINT` |');
    // The page components are still the original's pages, in its layout.
    expect(Object.keys(tree.files).filter((path) => path.startsWith('src/pages/'))).toEqual(
      Object.keys(base.files).filter((path) => path.startsWith('src/pages/')),
    );
    const result = await buildTree(tree);
    cleanup.push(result.dir);
    expect(result.ok, result.output).toBe(true);
    expect(existsSync(join(result.dir, 'dist', 'index.html'))).toBe(true);
    // The budget ran as part of the build.
    expect(result.output).toMatch(/ok {3}first-load JS +[0-9.]+ KB of 200 KB/);
  });

  it('refuses a profile that prerenders page components (the server entry renders content modules)', async () => {
    const plan = planOf('contact-page', 'INCREMENTAL_UPDATE');
    await expect(
      generateProject(plan, {}, { ...STRATEGY_PROFILES.FULL_REBUILD, pages: 'page-components' }),
    ).rejects.toThrow('A profile that prerenders its routes needs content modules');
  });
});
