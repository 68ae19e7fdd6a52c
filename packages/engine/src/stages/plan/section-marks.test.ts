import { describe, expect, it } from 'vitest';
import { extractSite } from '../extract/extract-site';
import { toRawSite } from '../generate/testing/load-fixture';
import { planSite } from './plan-site';

/** What extract read of a section's look reaches the plan, through outline fixing and grouping. */
describe('planSite keeps what extract marked on sections', () => {
  it("keeps a centred heading's alignment", () => {
    const html = `<html><body><h1>Studio</h1><p>Intro words of the page.</p>
      <section><h2 class="text-center">Services</h2><p>What we do for clients.</p></section>
      <section><h2>About</h2><p>Who we are and why.</p></section></body></html>`;
    const plan = planSite(extractSite(toRawSite(html)), { strategy: 'STYLE_MODERNIZATION' });
    const headings = plan.pages[0]!.sections.flatMap((section) =>
      section.heading ? [section.heading] : [],
    );
    expect(headings.find((heading) => heading.inlines[0]?.text === 'Services')?.align).toBe(
      'center',
    );
    expect(headings.find((heading) => heading.inlines[0]?.text === 'About')?.align).toBeUndefined();
  });

  it("keeps an FAQ's closed answers closed when its questions are grouped", () => {
    const items = [1, 2, 3, 4]
      .map(
        (
          n,
        ) => `<div class="panel"><h4 class="panel-title"><a data-toggle="collapse" href="#a${n}">Question ${n}?</a></h4>
          <div id="a${n}" class="panel-collapse collapse"><div class="panel-body">Answer ${n}.</div></div></div>`,
      )
      .join('');
    const html = `<html><body><h1>FAQ</h1><p>What people ask.</p><div class="panel-group">${items}</div></body></html>`;
    const plan = planSite(extractSite(toRawSite(html)), { strategy: 'STYLE_MODERNIZATION' });
    const questions = plan.pages[0]!.sections.flatMap((section) => [
      ...(section.heading && section.collapsed ? [section.heading.level] : []),
      ...section.blocks.filter((block) => block.kind === 'heading' && block.collapsed),
    ]);
    expect(questions).toHaveLength(4);
  });
});
