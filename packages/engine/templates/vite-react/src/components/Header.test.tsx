// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { site } from '../content/site';
import { Header } from './Header';

afterEach(cleanup);

function renderHeader() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Header />
    </MemoryRouter>,
  );
  // The desktop menu (the mobile one is the same list behind the menu button).
  const [desktop, mobile] = screen.getAllByRole('navigation', { hidden: true });
  return { desktop: desktop!, mobile: mobile! };
}

describe('Header: the original menu with disclosure dropdowns (issue 12)', () => {
  it('shows the name and every top-level item; a dropdown is a collapsed button', () => {
    const { desktop } = renderHeader();
    expect(screen.getByRole('link', { name: 'Example Bakery' }).getAttribute('href')).toBe('/');
    const nav = within(desktop);
    expect(nav.getByRole('link', { name: 'Home' })).toBeTruthy();
    const toggle = nav.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(list.hidden).toBe(true);
    // All children are in the page, the dropdown's own link first.
    expect([...list.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Menu',
      'Breads',
      'Cakes',
    ]);
  });

  it('opens on click, closes with Escape and gives focus back to its button', () => {
    const { desktop } = renderHeader();
    const toggle = within(desktop).getByRole('button', { name: 'Menu' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const cakes = within(desktop).getByRole('link', { name: 'Cakes' });
    cakes.focus();
    fireEvent.keyDown(cakes, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes when focus leaves it or a click lands elsewhere', () => {
    const { desktop } = renderHeader();
    const toggle = within(desktop).getByRole('button', { name: 'Menu' });
    fireEvent.click(toggle);
    fireEvent.blur(toggle, { relatedTarget: within(desktop).getByRole('link', { name: 'Home' }) });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    fireEvent.pointerDown(document.body);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('has a mobile menu with the same items behind an expandable menu button', () => {
    const { mobile } = renderHeader();
    const button = document.querySelector<HTMLButtonElement>('[aria-controls="mobile-menu"]')!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.textContent).toBe('Menu');
    expect(mobile.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(mobile.hidden).toBe(false);
    expect(within(mobile).getByRole('button', { name: 'Menu' })).toBeTruthy();
    fireEvent.keyDown(within(mobile).getByRole('link', { name: 'Home' }), { key: 'Escape' });
    expect(mobile.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });
});

describe('Header: the name shows only where the original showed it (issue 12)', () => {
  afterEach(() => {
    delete site.nameShown;
  });

  it("keeps a name the original did not show as the home link's accessible name only", () => {
    site.nameShown = false;
    renderHeader();
    const home = screen.getByRole('link', { name: 'Example Bakery' });
    expect(home.getAttribute('href')).toBe('/');
    // Neither name nor logo shown: the whole link stays out of sight until a keyboard focuses it.
    expect(home.className).toBe('brand brand-quiet');
  });

  it('lets a logo stand for a name the original did not show', () => {
    site.nameShown = false;
    site.logo = { src: 'images/logo.png', width: 40, height: 40 };
    try {
      renderHeader();
      const home = screen.getByRole('link', { name: 'Example Bakery' });
      expect(home.className).toBe('brand');
      expect(within(home).getByText('Example Bakery').className).toBe('sr-only');
    } finally {
      delete site.logo;
    }
  });

  it("links a one-page site's sections, none of them the current page", () => {
    const menu = site.menu;
    site.menu = [
      { label: 'Program', route: '/#program', children: [] },
      { label: 'Sponsors', route: '/#sponsors', children: [] },
    ];
    try {
      const { desktop } = renderHeader();
      const program = within(desktop).getByRole('link', { name: 'Program' });
      expect(program.getAttribute('href')).toBe('/#program');
      expect(program.getAttribute('aria-current')).toBeNull();
      expect(within(desktop).getByRole('link', { name: 'Sponsors' }).className).toBe('nav-link');
    } finally {
      site.menu = menu;
    }
  });

  it('lays itself over the hero where the original did', () => {
    site.headerOverHero = true;
    try {
      renderHeader();
      expect(screen.getByRole('banner').className).toBe('site-header over-hero');
    } finally {
      delete site.headerOverHero;
    }
  });

  it('gives a banner logo a row of its own', () => {
    site.logo = { src: 'images/banner.png', width: 1280, height: 160, banner: true };
    try {
      renderHeader();
      expect(screen.getByRole('banner').className).toBe('site-header has-banner');
    } finally {
      delete site.logo;
    }
  });

  it("lays the phone's menu button over a banner where the original's phone did", () => {
    site.logo = {
      src: 'images/banner.png',
      width: 1280,
      height: 160,
      banner: true,
      buttonOver: true,
    };
    try {
      renderHeader();
      expect(screen.getByRole('banner').className).toBe('site-header has-banner has-button-over');
    } finally {
      delete site.logo;
    }
  });

  it("keeps the original's header band: the menu's row under a centred brand, scrolling away", () => {
    site.headerLayout = { stacked: true, centered: true, tall: true };
    try {
      renderHeader();
      expect(screen.getByRole('banner').className).toBe(
        'site-header is-stacked is-centered is-tall',
      );
    } finally {
      delete site.headerLayout;
    }
    renderHeader();
    expect(screen.getAllByRole('banner').at(-1)!.className).toBe('site-header');
  });

  it('shows a name the original showed', () => {
    renderHeader();
    const home = screen.getByRole('link', { name: 'Example Bakery' });
    expect(within(home).getByText('Example Bakery').className).toBe('');
  });
});

describe('Header: a site that names itself nowhere (issue 23)', () => {
  it('draws no band where the header shows nothing: no logo, name, menu or parts', () => {
    site.nameShown = false;
    const menu = site.menu;
    const navigation = site.navigation;
    site.menu = [];
    site.navigation = [];
    try {
      render(
        <MemoryRouter initialEntries={['/']}>
          <Header />
        </MemoryRouter>,
      );
      const header = screen.getByRole('banner');
      expect(header.className).toContain('is-empty');
      // The home link stays, out of sight until a keyboard focuses it.
      expect(screen.getByRole('link', { name: 'Example Bakery' }).className).toBe(
        'brand brand-quiet',
      );
    } finally {
      site.menu = menu;
      site.navigation = navigation;
      delete site.nameShown;
    }
  });

  it('keeps its band where the header shows a menu', () => {
    site.nameShown = false;
    try {
      renderHeader();
      expect(screen.getByRole('banner').className).not.toContain('is-empty');
    } finally {
      delete site.nameShown;
    }
  });

  it('shows no host name as its name; the home link keeps it for screen readers', () => {
    site.nameIsHost = true;
    try {
      renderHeader();
      const home = screen.getByRole('link', { name: 'Example Bakery' });
      // Neither name nor logo to show: out of sight until a keyboard focuses it.
      expect(home.className).toBe('brand brand-quiet');
    } finally {
      delete site.nameIsHost;
    }
  });
});

describe('Header: the original header’s strip and lines beside its brand (issue 23)', () => {
  afterEach(() => delete site.header);

  it('draws the strip above the bar, the lines at their sides and under the brand', () => {
    site.header = [
      { place: 'strip', blocks: [{ kind: 'paragraph', inlines: [{ text: '+1 555 0100' }] }] },
      {
        place: 'start',
        blocks: [{ kind: 'paragraph', inlines: [{ text: 'info@bakery.example' }] }],
      },
      { place: 'under', blocks: [{ kind: 'paragraph', inlines: [{ text: 'Since 1921' }] }] },
      {
        place: 'end',
        blocks: [
          { kind: 'heading', level: 2, inlines: [{ text: 'Our shop' }] },
          { kind: 'paragraph', inlines: [{ text: '1 Main Street' }] },
        ],
      },
    ];
    renderHeader();
    const header = document.querySelector('header')!;
    expect(header.classList.contains('has-header-parts')).toBe(true);
    const strip = header.firstElementChild!;
    expect(strip.className).toBe('header-strip');
    expect(strip.textContent).toBe('+1 555 0100');
    const bar = header.querySelector('.header-bar')!;
    expect([...bar.children].map((child) => child.className.split(' ').at(-1))).toEqual([
      'header-start',
      'brand',
      'header-under',
      'header-end',
      'desktop-nav',
      'menu-button',
    ]);
    // A title in the header is no heading of the page's outline.
    expect(header.querySelector('h2')).toBeNull();
    expect(header.querySelector('.header-end .header-title')!.textContent).toBe('Our shop');
  });

  it('adds nothing where the original’s header showed only brand and menu', () => {
    renderHeader();
    const header = document.querySelector('header')!;
    expect(header.querySelector('.header-strip, .header-part')).toBeNull();
    expect(header.classList.contains('has-header-parts')).toBe(false);
  });
});
