import { describe, expect, it } from 'vitest';
import { extractSite } from '../extract/extract-site';
import { planSite } from '../plan/plan-site';
import { generateProject, namesItself } from './generate-project';
import { toRawSite } from './testing/load-fixture';

const BODY = `<h1>Fresh bread every morning</h1>
  <p>Our wood-fired oven has baked sourdough, rye and spelt loaves on this corner since 1987.</p>`;

function planOf(head: string) {
  const html = `<!doctype html><html lang="en"><head>${head}</head><body>${BODY}</body></html>`;
  return planSite(extractSite(toRawSite(html, 'http://old-bakery.example/index.html')), {
    strategy: 'INCREMENTAL_UPDATE',
  });
}

function text(file: string | Uint8Array | undefined): string {
  return typeof file === 'string' ? file : new TextDecoder().decode(file);
}

describe("the project's name in the generated project (issue 22)", () => {
  it('names the package, the README and og:site_name when the site names itself nowhere', async () => {
    // The name would be a guess from the <title> ("Welcome - Old Bakery" → "Old Bakery") or the host.
    const plan = planOf('<title>Welcome - Old Bakery</title>');
    expect(namesItself(plan.identity)).toBe(false);
    const tree = await generateProject(plan, { projectName: '  Van Dijk   Bakkerij ' });
    expect(JSON.parse(text(tree.files['package.json'])).name).toBe('van-dijk-bakkerij');
    expect(text(tree.files['README.md'])).toMatch(/^# Van Dijk Bakkerij\n/);
    expect(text(tree.files['index.html'])).toContain(
      '<meta property="og:site_name" content="Van Dijk Bakkerij">',
    );
    // Pages set og:site_name at runtime from the site module too.
    expect(text(tree.files['src/content/site.ts'])).toMatch(/siteName: ['"]Van Dijk Bakkerij['"]/);
  });

  it("keeps the site's own name for og:site_name when it declares one; the package is the project's", async () => {
    const plan = planOf(
      '<title>Welcome</title><meta property="og:site_name" content="Bakkerij Jansen">',
    );
    expect(plan.identity).toMatchObject({ name: 'Bakkerij Jansen', nameSource: 'og:site_name' });
    expect(namesItself(plan.identity)).toBe(true);
    const tree = await generateProject(plan, { projectName: 'Jansen rebuild' });
    expect(JSON.parse(text(tree.files['package.json'])).name).toBe('jansen-rebuild');
    expect(text(tree.files['README.md'])).toMatch(/^# Jansen rebuild\n/);
    expect(text(tree.files['index.html'])).toContain(
      '<meta property="og:site_name" content="Bakkerij Jansen">',
    );
    expect(text(tree.files['src/content/site.ts'])).not.toContain('siteName');
  });

  it("falls back to the site's name without a project name (the CLI)", async () => {
    const plan = planOf('<title>Welcome - Old Bakery</title>');
    const tree = await generateProject(plan);
    expect(JSON.parse(text(tree.files['package.json'])).name).toBe(
      plan.identity.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    );
    expect(text(tree.files['README.md'])).toMatch(new RegExp(`^# ${plan.identity.name}\\n`));
  });
});
