// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { site } from '../content/site';
import type { SiteContent } from '../content/site-types';
import { Footer } from './Footer';

/** The site module as the template ships it: each test starts from it and leaves it so. */
const shipped: SiteContent = structuredClone(site);

beforeEach(() => {
  Object.assign(site, structuredClone(shipped));
});
afterEach(() => {
  cleanup();
  for (const key of Object.keys(site))
    delete (site as Partial<SiteContent>)[key as keyof SiteContent];
  Object.assign(site, structuredClone(shipped));
});

function renderFooter() {
  return render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
}

describe('Footer: what the original footer showed, nothing of its own (issue 12)', () => {
  it("shows the original's lines and links, never the site's name, description or contact details again", () => {
    site.footer = [
      { kind: 'paragraph', inlines: [{ text: 'Working on networks' }] },
      {
        kind: 'list',
        ordered: false,
        items: [[{ text: 'Privacy', href: '/privacy' }], [{ text: 'Terms', href: '/terms' }]],
      },
    ];
    site.footerLinks = [{ label: 'Archive', route: '/archive' }];
    site.copyright = '© 2009 J. Baker';
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('Working on networks');
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
    // A page the header's menu does not reach stays reachable, without a "Pages" title.
    expect(screen.getByRole('navigation', { name: site.labels.pages })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Archive' })).toBeTruthy();
    expect(footer.textContent).toContain('© 2009 J. Baker');
    for (const added of [
      site.name,
      site.description,
      site.labels.pages,
      site.labels.contact,
      ...site.contact.phones,
      ...site.contact.emails,
    ])
      expect(footer.textContent).not.toContain(added);
  });

  it('is only the copyright line when the original had no footer', () => {
    site.footerLinks = [];
    site.copyright = '© 2009 Example Bakery';
    renderFooter();
    expect(screen.getByRole('contentinfo').textContent).toBe('© 2009 Example Bakery');
  });

  it('is not there at all when there is nothing to show', () => {
    site.footerLinks = [];
    delete site.copyright;
    const { container } = renderFooter();
    expect(container.querySelector('footer')).toBeNull();
  });
});
