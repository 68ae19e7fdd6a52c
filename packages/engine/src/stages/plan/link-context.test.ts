import { describe, expect, it } from 'vitest';
import { describeLinkTarget, isNonDescriptiveLinkText } from './link-context';

describe('isNonDescriptiveLinkText', () => {
  it('knows generic link texts, whatever their case, spacing and punctuation', () => {
    for (const text of [
      'here',
      ' Click  here ',
      'Read more »',
      'more...',
      '(hier)',
      'Lees meer',
      'ici',
    ])
      expect(isNonDescriptiveLinkText(text), text).toBe(true);
  });

  it('leaves descriptive texts alone', () => {
    for (const text of ['Startup framework', 'nightly builds', 'here and there', 'Contact us'])
      expect(isNonDescriptiveLinkText(text), text).toBe(false);
  });
});

describe('describeLinkTarget', () => {
  const titles = new Map([['https://site.example/menu.html', 'Our menu']]);
  const describe_ = (href: string) =>
    describeLinkTarget(href, (url) => titles.get(url), 'https://site.example');

  it('names a page of the site by its title', () => {
    expect(describe_('https://site.example/menu.html')).toBe('Our menu');
  });

  it('names other sites by host, files by name and mail by address', () => {
    expect(describe_('http://www.designmodo.com/startup/?u=787')).toBe('designmodo.com');
    expect(describe_('https://site.example/files/price%20list.pdf')).toBe('price list.pdf');
    expect(describe_('mailto:info@site.example?subject=Hi')).toBe('info@site.example');
    expect(describe_('https://site.example/about_us.html')).toBe('about us');
  });

  it('says nothing when it knows nothing better', () => {
    expect(describe_('https://site.example/unknown/')).toBeUndefined();
    expect(describe_('https://site.example/index.html')).toBeUndefined();
    expect(describe_('javascript:void(0)')).toBeUndefined();
  });
});
