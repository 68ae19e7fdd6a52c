import { describe, expect, it } from 'vitest';
import type { Block, PlannedPage } from '../../model';
import { extractSite } from '../extract/extract-site';
import { toRawPage, toRawSite } from '../generate/testing/load-fixture';
import { planFooter, toFooterLinks } from './plan-footer';
import { planSite } from './plan-site';

const ORIGIN = 'http://site.example';
const FOOTER = '<footer><p>Working on networks</p><p>© 2009 J. Baker</p></footer>';

function site(footers: string[]) {
  const raw = toRawSite(
    `<title>Notes</title><h1>Notes</h1><p>Hello.</p>${footers[0] ?? ''}`,
    `${ORIGIN}/index.html`,
  );
  footers
    .slice(1)
    .forEach((footer, index) =>
      raw.pages.push(
        toRawPage(
          `${ORIGIN}/p${index + 1}.html`,
          `<title>Post ${index + 1}</title><h1>Post ${index + 1}</h1><p>Words.</p>${footer}`,
          1,
        ),
      ),
    );
  return planSite(extractSite(raw), { strategy: 'STYLE_MODERNIZATION' });
}

const textOf = (page: PlannedPage) => JSON.stringify(page.sections);

describe('planFooter (issue 12: the footer shows what the original footer showed)', () => {
  it('takes footers that differ only in the date and time a script wrote for one footer', () => {
    const stamped = (time: string) =>
      `<footer><p>Hosted by the foundation - Last Published: 11/24/2026 ${time}</p></footer>`;
    const plan = site([stamped('03:30:10'), stamped('03:30:16'), stamped('03:30:21')]);
    expect(plan.footer).toEqual([
      {
        kind: 'paragraph',
        inlines: [{ text: 'Hosted by the foundation - Last Published: 11/24/2026 03:30:10' }],
      },
    ]);
    for (const page of plan.pages) expect(textOf(page)).not.toContain('Last Published');
  });

  it('keeps a dated copyright line of table-era pages (no <footer>) only in the site footer', () => {
    const line = (time: string) =>
      `<p>Copyright © 2000-2004 The Foundation. All rights reserved. - Last Published: 11/24/2026 ${time}</p>`;
    const plan = site([line('03:30:10'), line('03:30:16'), line('03:30:21')]);
    expect(plan.copyright).toContain('Copyright © 2000-2004 The Foundation');
    for (const page of plan.pages) expect(textOf(page)).not.toContain('Last Published');
  });

  it('shows the copyright line once, out of every page, when a script dated it per page', () => {
    const footer = (time: string) =>
      `<footer><p>Copyright © 2000-2004 The Foundation. All rights reserved. - Last Published: ${time}</p></footer>`;
    const plan = site([footer('03:30:10'), footer('03:30:16'), footer('03:30:21')]);
    const shown = `${JSON.stringify(plan.footer ?? [])} ${plan.copyright ?? ''}`;
    expect(shown.match(/Copyright ©/g)).toHaveLength(1);
    for (const page of plan.pages) expect(textOf(page)).not.toContain('Last Published');
  });

  it("moves the footer most pages end with into the site's footer, out of their content", () => {
    const plan = site([FOOTER, FOOTER, FOOTER]);
    expect(plan.footer).toEqual([
      { kind: 'paragraph', inlines: [{ text: 'Working on networks' }] },
    ]);
    expect(plan.copyright).toBe('© 2009 J. Baker');
    for (const page of plan.pages) expect(textOf(page)).not.toContain('Working on networks');
  });

  it('leaves a footer only one page of several showed in that page (no text added elsewhere)', () => {
    const plan = site(['', FOOTER.replace('networks', 'posts'), '']);
    expect(plan.footer).toBeUndefined();
    expect(textOf(plan.pages[1]!)).toContain('Working on posts');
  });

  it('keeps a page whose footer differs its own', () => {
    const other = '<footer><p>Guest post by A. Writer</p></footer>';
    const plan = site([FOOTER, FOOTER, other]);
    expect(plan.footer).toBeDefined();
    expect(textOf(plan.pages[2]!)).toContain('Guest post by A. Writer');
  });

  it('leaves pictures, forms and long parts in the page', () => {
    const section = (blocks: Block[]) => ({
      id: 'page-footer',
      blocks,
      variant: 'prose' as const,
    });
    const page = (blocks: Block[]) =>
      ({ route: '/', sections: [section(blocks)] }) as unknown as PlannedPage;
    const image: Block = { kind: 'image', image: { src: '/a.png', alt: '' } };
    const long: Block = { kind: 'paragraph', inlines: [{ text: 'x'.repeat(900) }] };
    expect(planFooter([page([image])]).footer).toBeUndefined();
    expect(planFooter([page([long])]).footer).toBeUndefined();
  });
});

describe('toFooterLinks', () => {
  it('lists only links the menu and the footer lines do not reach', () => {
    const links = [
      { label: 'About', route: '/about' },
      { label: 'Archive', route: '/archive' },
      { label: 'Privacy', route: '/privacy' },
      { label: 'Old', route: '/old' },
    ];
    const menu = [
      { label: 'About', route: '/about', children: [] },
      { label: 'More', children: [{ label: 'Archive', route: '/archive', children: [] }] },
    ];
    const footer: Block[] = [
      { kind: 'paragraph', inlines: [{ text: 'Privacy', href: '/privacy' }] },
    ];
    expect(toFooterLinks(links, menu, footer)).toEqual([{ label: 'Old', route: '/old' }]);
  });

  it('keeps a link whose words the menu does not show, even to a route it reaches', () => {
    const menu = [{ label: 'Join Us', route: '/#jobs', children: [] }];
    expect(toFooterLinks([{ label: 'Join Our Team', route: '/#jobs' }], menu)).toEqual([
      { label: 'Join Our Team', route: '/#jobs' },
    ]);
  });
});
