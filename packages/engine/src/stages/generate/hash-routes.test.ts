import { describe, expect, it } from 'vitest';
import { extractSite } from '../extract/extract-site';
import { planSite } from '../plan/plan-site';
import { generateProject } from './generate-project';
import { loadFixture } from './testing/load-fixture';

describe("the original's client-side routes (issue 23)", () => {
  it('are written to the site module, so that an old bookmark opens its page', async () => {
    const plan = planSite(extractSite(loadFixture('contact-page').raw), {
      strategy: 'INCREMENTAL_UPDATE',
    });
    const [start] = plan.pages;
    const routed = {
      ...plan,
      pages: [...plan.pages, { ...start!, url: `${start!.url}#!/guide`, route: '/guide' }],
    };
    const site = (await generateProject(routed)).files['src/content/site.ts']!.toString();
    expect(site).toContain("hashRoutes: { '#!/guide': '/guide' }");
    const plain = (await generateProject(plan)).files['src/content/site.ts']!.toString();
    expect(plain).not.toContain('hashRoutes');
  });
});
