import { describe, expect, it } from 'vitest';
import type { Block, InlineRun, Section } from '../../model';
import { plainText } from '../../model';
import { chooseVariant } from './choose-variant';
import {
  findDate,
  findPrice,
  toBlockKinds,
  toDatedSections,
  toListKind,
  toPriceList,
} from './list-kinds';

const list = (...items: InlineRun[][]): Extract<Block, { kind: 'list' }> => ({
  kind: 'list',
  ordered: false,
  items,
});
const text = (value: string): InlineRun[] => [{ text: value }];
const para = (value: string): Block => ({ kind: 'paragraph', inlines: text(value) });

describe('findDate', () => {
  it.each([
    ['2014-05-01 Release notes', 'start', '2014-05-01'],
    ['1 May 2014 Release notes', 'start', '1 May 2014'],
    ['May 1, 2014 Release notes', 'start', 'May 1, 2014'],
    ['2014年5月1日 お知らせ', 'start', '2014年5月1日'],
    ['01.05.2014 – Neue Bilder', 'start', '01.05.2014 –'],
    ['1. Mai 2014 Neue Bilder', 'start', '1. Mai 2014'],
    ['12 de mayo de 2014 Noticias', 'start', '12 de mayo de 2014'],
    ['Release notes (2014-05-01)', 'end', '(2014-05-01)'],
  ])('finds the date of %s', (value, at, date) => {
    expect(findDate(value)).toEqual({ at, date });
  });

  it('finds none in words without a date', () => {
    expect(findDate('Version 2.1 released')).toBeUndefined();
    expect(findDate('Call 0800 123 456')).toBeUndefined();
    expect(findDate('Mayonnaise 2014 recipe')).toBeUndefined();
  });
});

describe('findPrice', () => {
  it.each([
    ['Espresso 2,50 €', '2,50 €'],
    ['Oil change $20', '$20'],
    ['Poster A4 · je 15,00 €', '15,00 €'],
    ['夏季平日優惠價：4,050元(一~四)', '4,050元(一~四)'],
    ['Tea £3.20', '£3.20'],
    ['Room NT$2,400', 'NT$2,400'],
    ['Cake EUR 4', 'EUR 4'],
    ['Ramen ¥800', '¥800'],
    ['Soup 12,50', '12,50'],
  ])('finds the price ending %s', (value, price) => {
    expect(findPrice(value)).toBe(price);
  });

  it('finds none where no amount ends the text', () => {
    expect(findPrice('Open from 9 to 17')).toBeUndefined();
    expect(findPrice('$20 off your first visit')).toBeUndefined();
    expect(findPrice('Room 12')).toBeUndefined();
  });
});

describe('toListKind', () => {
  it('makes a list of dated items a dated list, each date a run of its own', () => {
    const out = toListKind(
      list(
        [{ text: '2014-05-01 ' }, { text: 'First post', href: '/a' }],
        [{ text: '2014-04-12 ' }, { text: 'Second post', href: '/b' }],
        text('2014-03-02: Third post'),
      ),
    );
    expect(out.dated).toBe('start');
    expect(out.items.map((item) => item[0]!.text)).toEqual([
      '2014-05-01',
      '2014-04-12',
      '2014-03-02:',
    ]);
    // Every word stays, in order (a cell break reads as one space).
    expect(out.items[2]!.map((run) => run.text).join(' ')).toBe('2014-03-02: Third post');
  });

  it('keeps a date at the end of each item there', () => {
    const out = toListKind(
      list(text('Launch (1 May 2014)'), text('Opening (2 May 2014)'), text('Party (3 May 2014)')),
    );
    expect(out.dated).toBe('end');
    expect(out.items[0]!.at(-1)!.text).toBe('(1 May 2014)');
  });

  it('leaves a list with one undated item as it was', () => {
    const before = list(text('2014-05-01 One'), text('Two'), text('2014-03-02 Three'));
    expect(toListKind(before)).toEqual(before);
  });

  it('makes a list whose items end with prices a price list', () => {
    const out = toListKind(
      list(
        [{ text: '1–2 Stück', strong: true }, { text: ' · je 2,50 €' }],
        [{ text: 'ab 3 Stück', strong: true }, { text: ' · je 2,00 €' }],
      ),
    );
    expect(out.priced).toBe(true);
    expect(out.items[0]!.at(-1)).toEqual({ text: '2,50 €' });
    expect(out.items[0]!.map((run) => run.text).join(' ')).toBe('1–2 Stück  · je 2,50 €');
    expect(plainText(out.items[0]!.slice(0, -1))).toBe('1–2 Stück · je');
  });

  it('keeps a long list of short links compact, and a short one as it was', () => {
    const links = Array.from({ length: 14 }, (_, i) => [{ text: `Chapter ${i}`, href: `/c${i}` }]);
    expect(toListKind(list(...links)).compact).toBe(true);
    expect(toListKind(list(...links.slice(0, 5))).compact).toBeUndefined();
    const prose = Array.from({ length: 14 }, (_, i) => text(`Point ${i} of the plan`));
    expect(toListKind(list(...prose)).compact).toBeUndefined();
  });
});

describe('toPriceList', () => {
  it('makes a table of item, description and price a price list, the description under the name', () => {
    const out = toPriceList({
      kind: 'table',
      head: [],
      rows: [
        [text('Oil change'), text('No disposal fees'), text('$20')],
        [text('Brakes'), text('Pads, both axles'), text('$120.00')],
      ],
    });
    expect(out?.priced).toBe(true);
    expect(out?.items[0]).toEqual([
      { text: 'Oil change' },
      { text: '', br: true },
      { text: 'No disposal fees' },
      { text: '$20' },
    ]);
  });

  it('leaves a table whose last column holds other words', () => {
    expect(
      toPriceList({
        kind: 'table',
        head: [],
        rows: [
          [text('pcre2'), text('Introductory page')],
          [text('pcre2api'), text('The native API')],
        ],
      }),
    ).toBeUndefined();
  });
});

describe('dated entries', () => {
  const entry = (id: string, title: string, date: string): Section => ({
    id,
    heading: { level: 2, inlines: [{ text: title, href: `/${id}` }] },
    blocks: [para(date)],
  });

  it('turns three sibling sections of a title and its date into one dated list', () => {
    const sections: Section[] = [
      { id: 'posts', heading: { level: 1, inlines: text('Posts') }, blocks: [] },
      entry('a', 'Welcome', 'Jan 1, 2016'),
      entry('b', 'Datapath', 'Oct 9, 2014'),
      entry('c', '主机连接状态', '2013年5月31日'),
    ];
    const out = toDatedSections(sections);
    expect(out).toHaveLength(2);
    const block = out[1]!.blocks[0]!;
    expect(block.kind === 'list' && block.dated).toBe('start');
    expect(block.kind === 'list' && block.items[2]).toEqual([
      { text: '2013年5月31日' },
      { text: '主机连接状态', href: '/c' },
    ]);
    // Never a grid of cards, in any strategy.
    expect(chooseVariant(out[1]!, 1, true)).toBe('prose');
  });

  it('leaves sections with an article under each title as they were', () => {
    const long: Section = {
      ...entry('a', 'Welcome', 'Jan 1, 2016'),
      blocks: [para('Jan 1, 2016'), para('x'.repeat(300)), para('y'.repeat(300))],
    };
    const sections = [long, { ...long, id: 'b' }, { ...long, id: 'c' }];
    expect(toDatedSections(sections)).toEqual(sections);
  });

  it('turns headings with their dates inside a section into a dated list', () => {
    const heading = (value: string): Block => ({ kind: 'heading', level: 3, inlines: text(value) });
    const out = toBlockKinds([
      para('News'),
      heading('One'),
      para('01.05.2014'),
      heading('Two'),
      para('02.05.2014'),
      para('A line about it.'),
      heading('Three'),
      para('03.05.2014'),
    ]);
    expect(out).toHaveLength(2);
    const block = out[1]!;
    expect(block.kind === 'list' && block.items[1]).toEqual([
      { text: '02.05.2014' },
      { text: 'Two', strong: true },
      { text: '', br: true },
      { text: 'A line about it.' },
    ]);
  });
});

describe('chooseVariant', () => {
  it('draws a section that is one list of links as a list, not cards', () => {
    const links = Array.from({ length: 20 }, (_, i) => [{ text: `func_${i}`, href: `/f${i}` }]);
    const section: Section = { id: 's', blocks: toBlockKinds([list(...links)]) };
    expect(chooseVariant(section, 1, false)).toBe('prose');
    const short: Section = { id: 's', blocks: [list(...links.slice(0, 4))] };
    expect(chooseVariant(short, 1, false)).toBe('prose');
  });
});
