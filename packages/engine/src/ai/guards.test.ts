import { describe, expect, it } from 'vitest';
import { guardWritten, notPlainText } from './guards';

const GOOD =
  'Sourdough bread and pastries baked every morning by a small family bakery by the river.';

describe('guardWritten', () => {
  it('keeps plain text within bounds, whitespace squashed', () => {
    expect(guardWritten(`  ${GOOD.replace(' ', '\n  ')} `, 'description', 'en')).toEqual({
      ok: true,
      text: GOOD,
    });
    expect(guardWritten('A round loaf on a wooden board', 'alt', 'en-GB')).toEqual({
      ok: true,
      text: 'A round loaf on a wooden board',
    });
  });

  it.each([
    ['<script>alert(1)</script> and more words to pass the length bound of fifty', 'markup'],
    ['Fresh bread every day, order online at www.bakery.example and pick it up', 'address'],
    ['Fresh bread every day, see https://bakery.example for all our opening hours', 'address'],
    ['Fresh bread every day, order by writing to orders@bakery.example today', 'e-mail'],
    ['Fresh bread every day onmouseover=alert(1) for everyone in the whole town', 'event handler'],
    ['Fresh bread every day, javascript:alert(1) for everyone in the whole town', 'script'],
    ['Fresh bread every day\u202e for everyone in the whole town and the villages', 'control'],
  ])('drops %j (%s)', (text, reason) => {
    const result = guardWritten(text, 'description', 'en');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });

  it('drops what is too short or too long for its field', () => {
    expect(guardWritten('Bread.', 'description', 'en')).toMatchObject({ ok: false });
    expect(guardWritten('x'.repeat(161), 'description', 'en')).toMatchObject({ ok: false });
    expect(guardWritten(`A loaf ${'very '.repeat(30)}large`, 'alt', 'en')).toMatchObject({
      ok: false,
    });
    expect(guardWritten(42, 'alt', 'en')).toEqual({ ok: false, reason: 'not a string' });
  });

  it('drops text clearly in another language than the page', () => {
    const german =
      'Frisches Sauerteigbrot und Gebäck, jeden Morgen von unserer kleinen Familienbäckerei am Fluss gebacken.';
    expect(guardWritten(german, 'description', 'en')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('another language'),
    });
    expect(guardWritten(german, 'description', 'de')).toMatchObject({ ok: true });
  });

  it('notPlainText passes ordinary punctuation', () => {
    expect(notPlainText("Bread, rye & pastries: baked daily (since 1962) — it's ours!")).toBe(
      undefined,
    );
  });
});
