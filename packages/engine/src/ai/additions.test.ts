import { describe, expect, it } from 'vitest';
import { hasOwnMetaDescription } from './additions';

describe('hasOwnMetaDescription', () => {
  it.each([
    ['<meta name="description" content="Fresh bread daily.">', true],
    ["<META NAME='Description' CONTENT='Bread'>", true],
    ['<meta property="og:description" content="Bread">', true],
    ['<meta content="Bread" name="description">', true],
    ['<meta name="description" content="  ">', false],
    ['<meta name="keywords" content="bread, rye">', false],
    ['<meta name="descriptionx" content="Bread">', false],
    ['<p>description: none</p>', false],
  ])('%s → %s', (html, expected) => {
    expect(hasOwnMetaDescription(`<html><head>${html}</head><body></body></html>`)).toBe(expected);
  });
});
