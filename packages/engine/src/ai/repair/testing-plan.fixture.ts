/**
 * Test support: a small planned site for the repair loop's tests — a hero, a section of three cards,
 * a section with a picture shown twice and a paragraph said twice, items in two columns.
 */
import type { SitePlan } from '../../model';
import { extractSite } from '../../stages/extract/extract-site';
import { toRawSite } from '../../stages/generate/testing/load-fixture';
import { planSite } from '../../stages/plan/plan-site';

const HTML = `<html><head><title>Mill</title></head><body>
  <h1>The Old Mill</h1><p>Stone-ground flour since 1887.</p>
  <h2>What we make</h2><div class="row"><div class="col"><h3>Bread</h3><p>Daily loaves.</p></div><div class="col"><h3>Cakes</h3><p>On Sundays.</p></div><div class="col"><h3>Pies</h3><p>In autumn.</p></div></div>
  <h2>Visit</h2><p>Open every day.</p><p>Open every day.</p>
  </body></html>`;

/** The mill's plan, with a picture shown twice and a row of items added to its last section. */
export function millPlan(): SitePlan {
  const plan = planSite(extractSite(toRawSite(HTML, 'http://mill.example/index.html')), {
    strategy: 'STYLE_MODERNIZATION',
  });
  const image = { src: '/images/mill-1a2b3c4d.webp', alt: 'The mill', width: 400, height: 300 };
  const page = plan.pages[0]!;
  const visit = page.sections.find((section) => section.id === 'visit')!;
  visit.blocks.push(
    { kind: 'image', image },
    { kind: 'image', image },
    {
      kind: 'items',
      columns: 2,
      items: [
        { blocks: [{ kind: 'paragraph', inlines: [{ text: 'Mornings' }] }] },
        { blocks: [{ kind: 'paragraph', inlines: [{ text: 'Evenings' }] }] },
      ],
    },
  );
  return plan;
}
