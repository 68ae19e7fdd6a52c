import { describe, expect, it } from 'vitest';
import { toLanguageTag } from './language-tag';

describe('toLanguageTag', () => {
  it.each([
    ['en', 'en'],
    ['EN-us', 'en-US'],
    ['en_US', 'en-US'],
    [' nl-NL ', 'nl-NL'],
    ['zh-Hant-TW', 'zh-Hant-TW'],
  ])('reads %j as %j', (value, tag) => {
    expect(toLanguageTag(value)).toBe(tag);
  });

  it.each(['', '  ', 'en"><script>window.__pwned=1</script>', "en' onload='x", 'x-klingon', 'e'])(
    'drops %j',
    (value) => {
      expect(toLanguageTag(value)).toBeUndefined();
    },
  );
});
