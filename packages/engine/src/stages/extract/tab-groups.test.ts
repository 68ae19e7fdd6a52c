import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Block, PageModel, Tab } from '../../model';
import { loadFixture, readFixtureHtml, toRawSite } from '../generate/testing/load-fixture';
import type { Node } from './dom';
import { extractSite } from './extract-site';
import { findTabGroups } from './tab-groups';
import { plainText, toFlatBlocks } from '../../model';

type TabsBlock = Extract<Block, { kind: 'tabs' }>;

function tabsOf(page: PageModel): TabsBlock[] {
  return toFlatBlocks(page.sections.flatMap((section) => section.blocks)).filter(
    (block): block is TabsBlock => block.kind === 'tabs',
  );
}

/** A panel's content as short strings: `h4 Title`, `p Text`, `img alt 160x120`, `li Item`, `td Cell`. */
function describePanel(tab: Tab): string[] {
  return tab.blocks.flatMap((block) => {
    switch (block.kind) {
      case 'heading':
        return [`h${block.level} ${plainText(block.inlines)}`];
      case 'paragraph':
        return [`p ${plainText(block.inlines)}`];
      case 'image':
        return [`img ${block.image.alt} ${block.image.width}x${block.image.height}`];
      case 'list':
        return block.items.map((item) => `li ${plainText(item)}`);
      case 'table':
        return [...block.head, ...block.rows].flat().map((cell) => `td ${plainText(cell)}`);
      default:
        return [block.kind];
    }
  });
}

describe('tab groups', () => {
  it('reads jQuery-era tabs (a list of #tab-n links and sibling panels hidden by display:none)', () => {
    const model = extractSite(loadFixture('tabs-restaurant').raw);
    const page = model.pages[0]!;
    const [group, ...others] = tabsOf(page);
    expect(others).toEqual([]);
    // The hash-bang menu link to the part holding the tabs names the tab list.
    expect(group!.label).toBe('Our menu');
    expect(group!.tabs.map((tab) => [tab.id, tab.label])).toEqual([
      ['tab-1', 'Chowders'],
      ['tab-2', 'Salads & Greens'],
      ['tab-3', 'Grill Plates'],
    ]);
    // Hidden panels are kept whole: headings, images with alt and size, lists, tables, prices.
    expect(group!.tabs.map(describePanel)).toEqual([
      [
        'h4 Chowders',
        'img  160x120',
        'p Harbour clam chowder',
        'p Clams, potatoes and smoked bacon in a creamy broth, with sourdough bread.',
        'p $7.50',
      ],
      [
        'h4 Salads & Greens',
        'img Garden salad with radishes 160x120',
        'li Garden salad with radishes - $6.25',
        'li Warm goat cheese salad - $8.90',
      ],
      [
        'h4 Grill Plates',
        'td Plate',
        'td Price',
        'td Grilled sea bass',
        'td $16.40',
        'td Rib-eye steak, 300 g',
        'td $21.00',
      ],
    ]);
    // The tab list is not the site's navigation; its labels are still text of the page.
    expect(page.navLinks.map((link) => link.label)).not.toContain('Chowders');
    expect(page.textBlocks).toEqual(
      expect.arrayContaining([
        'Chowders',
        'Salads & Greens',
        'Grill Plates',
        '$7.50',
        'Warm goat cheese salad - $8.90',
        '$16.40',
      ]),
    );
    // The tabs are a part of the page of their own; old links to a panel's id point at the panel.
    const section = page.sections.find((s) => s.blocks[0]?.kind === 'tabs')!;
    expect(section.id).toBe('our-menu');
    expect(section.blocks).toHaveLength(1);
    expect(page.anchors['tab-2']).toBe('tab-2');
    expect(page.anchors['page_menu']).toBe('our-menu');
    expect(page.contact.phones).toEqual(['+1 555 014 2210']);
  });

  it('reads Bootstrap 3 nav-tabs with data-toggle="tab" and .tab-pane panels; a table of contents stays as it is', () => {
    const model = extractSite(toRawSite(readFixtureHtml('tabs-bootstrap3')));
    const page = model.pages[0]!;
    const groups = tabsOf(page);
    expect(groups).toHaveLength(1);
    const group = groups[0]!;
    expect(group.label).toBeUndefined();
    // Icon-font glyphs are no label text.
    expect(group.tabs.map((tab) => [tab.id, tab.label])).toEqual([
      ['web-design', 'Web design'],
      ['hosting', 'Hosting'],
      ['support', 'Support'],
    ]);
    expect(group.tabs.map(describePanel)).toEqual([
      ['h4 Web design', 'p Sites that read well on every screen, built on a short brief.'],
      ['h4 Hosting', 'p Managed hosting with daily backups: $12 a month.'],
      ['h4 Support', 'li E-mail answers within one working day', 'li Phone support on weekdays'],
    ]);
    // Links and marks inside panels are kept like anywhere else.
    const web = group.tabs[0]!.blocks[1]!;
    expect(web.kind === 'paragraph' && web.inlines.find((run) => run.href)?.href).toBe(
      'http://site.example/contact.html',
    );
    // Right under its heading, the tab group stays in that heading's section.
    const section = page.sections.find((s) => s.blocks.some((block) => block.kind === 'tabs'))!;
    expect(section.heading && plainText(section.heading.inlines)).toBe('What we offer');
    // In-page links to sections that all show are a table of contents, not tabs.
    const questions = page.sections.filter(
      (s) => s.heading && /\?$/.test(plainText(s.heading.inlines)),
    );
    expect(questions.map((s) => s.blocks.length)).toEqual([1, 1]);
    expect(page.navLinks.map((link) => link.label)).toEqual([
      'Northwind Studio',
      'Home',
      'Services',
      'Contact',
    ]);
  });

  it('reads jQuery UI tabs, before and after the script ran (ARIA roles, aria-controls on the items)', () => {
    const before = `<html><body><h2>Opening hours</h2>
      <div id="tabs">
        <ul><li><a href="#tabs-1">Summer</a></li><li><a href="#tabs-2">Winter</a></li></ul>
        <div id="tabs-1"><p>Open daily 10:00 - 23:00.</p></div>
        <div id="tabs-2"><p>Open Thursday to Sunday, 12:00 - 21:00.</p></div>
      </div></body></html>`;
    const after = `<html><body><h2>Opening hours</h2>
      <div id="tabs" class="ui-tabs ui-widget">
        <ul role="tablist" class="ui-tabs-nav">
          <li role="tab" tabindex="0" aria-controls="tabs-1" aria-labelledby="ui-id-1" aria-selected="true"><a href="#tabs-1" class="ui-tabs-anchor" role="presentation" id="ui-id-1">Summer</a></li>
          <li role="tab" tabindex="-1" aria-controls="tabs-2" aria-labelledby="ui-id-2" aria-selected="false"><a href="#tabs-2" class="ui-tabs-anchor" role="presentation" id="ui-id-2">Winter</a></li>
        </ul>
        <div id="tabs-1" role="tabpanel" class="ui-tabs-panel" aria-hidden="false"><p>Open daily 10:00 - 23:00.</p></div>
        <div id="tabs-2" role="tabpanel" class="ui-tabs-panel" aria-hidden="true" style="display: none;"><p>Open Thursday to Sunday, 12:00 - 21:00.</p></div>
      </div></body></html>`;
    for (const html of [before, after]) {
      const page = extractSite(toRawSite(html)).pages[0]!;
      const groups = tabsOf(page);
      expect(groups).toHaveLength(1);
      expect(groups[0]!.tabs.map((tab) => [tab.id, tab.label, describePanel(tab)])).toEqual([
        ['tabs-1', 'Summer', ['p Open daily 10:00 - 23:00.']],
        ['tabs-2', 'Winter', ['p Open Thursday to Sunday, 12:00 - 21:00.']],
      ]);
    }
  });

  it('reads ARIA tabs (role="tablist" with buttons that control their panels) and their label', () => {
    const html = `<html><body><main>
      <p id="menu-title">Lunch menu</p>
      <div role="tablist" aria-labelledby="menu-title">
        <button role="tab" id="t-soup" aria-controls="p-soup" aria-selected="true">Soups</button>
        <button role="tab" id="t-pie" aria-controls="p-pie" aria-selected="false">Pies</button>
        <button role="tab" id="t-tart" aria-controls="p-tart" aria-selected="false">Tarts</button>
      </div>
      <section><div role="tabpanel" id="p-soup" aria-labelledby="t-soup"><p>Pea soup - €4</p></div></section>
      <section><div role="tabpanel" id="p-pie" aria-labelledby="t-pie" hidden><p>Chicken pie - €7</p></div></section>
      <section><div role="tabpanel" id="p-tart" aria-labelledby="t-tart" hidden><p>Apple tart - €3</p></div></section>
    </main></body></html>`;
    const page = extractSite(toRawSite(html)).pages[0]!;
    const [group] = tabsOf(page);
    expect(group!.label).toBe('Lunch menu');
    expect(group!.tabs.map((tab) => [tab.label, describePanel(tab)])).toEqual([
      ['Soups', ['p Pea soup - €4']],
      ['Pies', ['p Chicken pie - €7']],
      ['Tarts', ['p Apple tart - €3']],
    ]);
  });

  it('nests a tab group inside a panel and maps anchors inside panels to their tab', () => {
    const html = `<html><body><div class="tabs">
      <ul><li><a href="#a">Starters</a></li><li><a href="#b">Mains</a></li></ul>
      <div id="a"><p>Bread and olives</p></div>
      <div id="b"><div class="tabs">
        <ul><li><a href="#b1">Fish</a></li><li><a href="#b2">Meat</a></li></ul>
        <div id="b1"><p id="sole">Sole meunière</p></div>
        <div id="b2"><p>Lamb shank</p></div>
      </div></div>
    </div></body></html>`;
    const page = extractSite(toRawSite(html)).pages[0]!;
    const [outer, inner, ...rest] = tabsOf(page);
    expect(rest).toEqual([]);
    expect(outer!.tabs.map((tab) => tab.label)).toEqual(['Starters', 'Mains']);
    expect(outer!.tabs[1]!.blocks).toEqual([inner]);
    expect(inner!.tabs.map((tab) => tab.label)).toEqual(['Fish', 'Meat']);
    expect(page.anchors).toMatchObject({ a: 'a', b: 'b', b1: 'b1', sole: 'b1' });
    expect(page.textBlocks).toEqual([
      'Starters',
      'Mains',
      'Bread and olives',
      'Fish',
      'Meat',
      'Sole meunière',
      'Lamb shank',
    ]);
  });

  it('renames a panel whose id a section already uses', () => {
    const html = `<html><body><h2>Prices</h2><p>Our prices.</p>
      <div class="tabs"><ul><li><a href="#prices">2024</a></li><li><a href="#old">2023</a></li></ul>
      <div id="prices"><p>$10</p></div><div id="old"><p>$9</p></div></div></body></html>`;
    const page = extractSite(toRawSite(html)).pages[0]!;
    expect(page.sections.map((s) => s.id)).toContain('prices');
    expect(tabsOf(page)[0]!.tabs.map((tab) => tab.id)).toEqual(['prices-panel', 'old']);
    expect(page.anchors['prices']).toBe('prices-panel');
  });

  it.each([
    [
      'a table of contents (no tab naming, no ARIA)',
      `<ul><li><a href="#x">One</a></li><li><a href="#y">Two</a></li></ul>
       <div><div id="x"><p>First part</p></div><div id="y"><p>Second part</p></div></div>`,
    ],
    [
      'one tab only',
      `<div class="tabs"><ul><li><a href="#x">One</a></li></ul><div id="x"><p>First part</p></div></div>`,
    ],
    [
      'a list that also links elsewhere',
      `<div class="tabs"><ul><li><a href="#x">One</a></li><li><a href="#y">Two</a></li><li><a href="/shop">Shop</a></li></ul>
       <div id="x"><p>First part</p></div><div id="y"><p>Second part</p></div></div>`,
    ],
    [
      'a list of items that describe their links',
      `<div class="tabs"><ul><li><a href="#x">One</a>: the first of our many long-running offers</li><li><a href="#y">Two</a>: the second of our many long-running offers</li></ul>
       <div id="x"><p>First part</p></div><div id="y"><p>Second part</p></div></div>`,
    ],
    [
      'Bootstrap collapse toggles (an accordion)',
      `<div class="panel-group"><div class="panel"><h4><a data-toggle="collapse" href="#c1">Q1</a></h4><div id="c1" class="collapse"><p>A1</p></div></div>
       <div class="panel"><h4><a data-toggle="collapse" href="#c2">Q2</a></h4><div id="c2" class="collapse"><p>A2</p></div></div></div>`,
    ],
  ])('is not found in %s', (_name, body) => {
    const html = `<html><body>${body}</body></html>`;
    expect(findTabGroups(parse(html) as Node).byElement.size).toBe(0);
    expect(tabsOf(extractSite(toRawSite(html)).pages[0]!)).toEqual([]);
  });

  it('stays plain content inside a form (its fields belong to the form)', () => {
    const html = `<html><body><form action="/order" method="post"><div class="tabs">
      <ul><li><a href="#d">Delivery</a></li><li><a href="#p">Pick-up</a></li></ul>
      <div id="d"><label for="street">Street</label><input id="street" name="street"></div>
      <div id="p"><label for="time">Time</label><input id="time" name="time"></div>
      </div><button>Order</button></form></body></html>`;
    const page = extractSite(toRawSite(html)).pages[0]!;
    expect(tabsOf(page)).toEqual([]);
    const form = page.sections.flatMap((s) => s.blocks).find((block) => block.kind === 'form');
    expect(form?.kind === 'form' && form.form.fields.map((field) => field.label)).toEqual([
      'Street',
      'Time',
    ]);
  });
});
