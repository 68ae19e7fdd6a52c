// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { site } from '../content/site';
import { LanguageSwitcher } from './Header';

afterEach(() => {
  cleanup();
  delete site.alternates;
  delete site.languageLabel;
});

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <LanguageSwitcher />
    </MemoryRouter>,
  );
}

describe('LanguageSwitcher: the language versions of a page (issue 23)', () => {
  it("links each version in its own language, the page's own marked current", () => {
    site.languageLabel = 'Sprache';
    site.alternates = {
      '/': [
        { code: 'de', label: 'Deutsch', route: '/', current: true },
        { code: 'en', label: 'English', route: '/en' },
      ],
      '/en': [
        { code: 'de', label: 'Deutsch', route: '/' },
        { code: 'en', label: 'English', route: '/en', current: true },
      ],
    };
    renderAt('/en');
    const nav = screen.getByRole('navigation', { name: 'Sprache' });
    const english = within(nav).getByRole('link', { name: 'English' });
    expect(english.getAttribute('aria-current')).toBe('true');
    expect(english.getAttribute('hreflang')).toBe('en');
    expect(english.getAttribute('lang')).toBe('en');
    const german = within(nav).getByRole('link', { name: 'Deutsch' });
    expect(german.getAttribute('href')).toBe('/');
    expect(german.getAttribute('aria-current')).toBeNull();
  });

  it("shows the start page's versions, none current, on a page without its own", () => {
    site.alternates = {
      '/': [
        { code: 'de', label: 'Deutsch', route: '/', current: true },
        { code: 'en', label: 'English', route: '/en' },
      ],
    };
    renderAt('/impressum');
    const links = within(screen.getByRole('navigation', { name: 'Language' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, null]);
  });

  it('is not there on a site of one language', () => {
    renderAt('/');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
