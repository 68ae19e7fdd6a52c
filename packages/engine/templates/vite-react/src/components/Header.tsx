import { useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, FocusEvent, KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { site } from '../content/site';
import type { MenuLink, SiteContent } from '../content/site-types';
import type { Block } from '../content/types';
import { asset } from '../lib/asset';
import { InlineText, isRoute } from './InlineText';

/** The header's menu: the original's (every top-level item, dropdowns), else the flat navigation. */
function toMenu(): MenuLink[] {
  return site.menu.length > 0
    ? site.menu
    : site.navigation.map((link) => ({ ...link, children: [] }));
}

/**
 * One link of the menu: a route through the router (a section of a page, `/#program`, is never the
 * current page: a one-page site's menu goes to its sections), anything else as a plain link.
 */
function MenuAnchor({ item, route }: { item: MenuLink; route: string }) {
  if (isRoute(route) && route.includes('#'))
    return (
      <Link to={route} className="nav-link">
        {item.label}
      </Link>
    );
  return isRoute(route) ? (
    <NavLink
      to={route}
      end
      className={({ isActive }) => 'nav-link' + (isActive ? ' is-active' : '')}
    >
      {item.label}
    </NavLink>
  ) : (
    <a href={asset(route)} className="nav-link">
      {item.label}
    </a>
  );
}

/**
 * A dropdown of the original's menu as a disclosure (WAI-ARIA disclosure navigation pattern): a
 * button with `aria-expanded` shows or hides the list of its links. Escape closes it and puts focus
 * back on the button; it closes when focus or a click leaves it, and when a page opens.
 */
export function Dropdown({ item }: { item: MenuLink }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  }
  function onBlur(event: FocusEvent) {
    if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  }
  // A dropdown whose own item linked somewhere keeps that link, first in its list.
  const links: MenuLink[] = item.route
    ? [{ label: item.label, route: item.route, children: [] }, ...item.children]
    : item.children;
  return (
    <li ref={root} className="dropdown" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className="nav-link dropdown-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {item.label}
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" fill="none">
          <path d="M2.5 4.5L6 8l3.5-3.5" stroke="currentColor" strokeWidth="1.75" />
        </svg>
      </button>
      <ul id={id} className="dropdown-menu" hidden={!open}>
        {links.map((child, index) => (
          <MenuEntry key={index} item={child} />
        ))}
      </ul>
    </li>
  );
}

/** A menu item: a link, or a dropdown when it has children. */
function MenuEntry({ item }: { item: MenuLink }) {
  if (item.children.length > 0) return <Dropdown item={item} />;
  return item.route ? (
    <li>
      <MenuAnchor item={item} route={item.route} />
    </li>
  ) : null;
}

/**
 * The site's languages (issue 23): the page's versions, each link in its own language, the current
 * one marked; pages without versions of their own show the start page's.
 */
export function LanguageSwitcher() {
  const location = useLocation();
  const own = site.alternates?.[location.pathname];
  const alternates = own ?? site.alternates?.['/'];
  if (!alternates || alternates.length < 2) return null;
  return (
    <nav aria-label={site.languageLabel ?? 'Language'} className="language-switcher">
      <ul>
        {alternates.map((alternate) => (
          <li key={alternate.code}>
            <Link
              to={alternate.route}
              lang={alternate.code}
              hrefLang={alternate.code}
              aria-current={alternate.current && own ? 'true' : undefined}
            >
              {alternate.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * True when the header shows the site's name as words: the original did, and it is not only the
 * host name (a site that names itself nowhere shows its logo, or its home link when focused).
 */
function isNameShown(): boolean {
  return site.nameShown !== false && !site.nameIsHost;
}

type HeaderPlace = NonNullable<SiteContent['header']>[number]['place'];

/** One line of a header part: its words and links as the original's header showed them. */
function HeaderLine({ block }: { block: Block }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <InlineText runs={block.inlines} />
        </p>
      );
    case 'heading':
      // A title in the header (an address's "Our campus"), not a part of the page's outline.
      return (
        <p className="header-title">
          <InlineText runs={block.inlines} />
        </p>
      );
    case 'list':
      return (
        <ul>
          {block.items.map((item, index) => (
            <li key={index}>
              <InlineText runs={item} />
            </li>
          ))}
        </ul>
      );
    default:
      return null;
  }
}

/** The header's parts at one place (issue 23), or nothing when it had none there. */
function HeaderPart({ place, className }: { place: HeaderPlace; className: string }) {
  const blocks = (site.header ?? [])
    .filter((part) => part.place === place)
    .flatMap((part) => part.blocks);
  if (blocks.length === 0) return null;
  return (
    <div className={'header-part ' + className}>
      {blocks.map((block, index) => (
        <HeaderLine key={index} block={block} />
      ))}
    </div>
  );
}

/** Whether the original's header showed words at a place (issue 23). */
function hasPart(...places: HeaderPlace[]): boolean {
  return (site.header ?? []).some((part) => places.includes(part.place));
}

/** The site header: logo and name, the original's menu, and a menu button on small screens. */
export function Header() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [location.pathname]);
  const menu = toMenu();
  const entries = menu.map((item, index) => <MenuEntry key={index} item={item} />);
  // Nothing the original's header showed (no logo, no name in words, no menu, no parts, no
  // languages; a page with no header at all): no empty band over the page, only the focusable home link.
  const alternates = site.alternates?.[location.pathname] ?? site.alternates?.['/'];
  const isEmpty =
    !site.logo &&
    !isNameShown() &&
    menu.length === 0 &&
    (site.header ?? []).length === 0 &&
    (alternates?.length ?? 0) < 2;
  return (
    <header
      className={
        'site-header' +
        (menu.length > 6 ? ' is-long' : '') +
        (site.logo?.banner ? ' has-banner' : '') +
        (site.logo?.bleed ? ' has-banner-bleed' : '') +
        (site.logo?.banner && site.logo.buttonOver ? ' has-button-over' : '') +
        (site.headerLayout?.stacked ? ' is-stacked' : '') +
        (site.headerLayout?.centered ? ' is-centered' : '') +
        (site.headerLayout?.tall ? ' is-tall' : '') +
        (site.headerLayout?.titled ? ' has-title-band' : '') +
        (site.headerOverHero ? ' over-hero' : '') +
        (hasPart('start', 'end', 'under') ? ' has-header-parts' : '') +
        (isEmpty ? ' is-empty' : '')
      }
    >
      {/* The original's strip across the top: contact details, social links, a language link. */}
      {hasPart('strip') ? (
        <div className="header-strip">
          <HeaderPart place="strip" className="wrap" />
        </div>
      ) : null}
      <div className="wrap header-bar">
        <HeaderPart place="start" className="header-side header-start" />
        {/* Neither name nor logo shown by the original: the home link shows itself only when focused. */}
        <Link to="/" className={isNameShown() || site.logo ? 'brand' : 'brand brand-quiet'}>
          {site.logo ? (
            <img
              src={asset(site.logo.src)}
              alt=""
              width={site.logo.width}
              height={site.logo.height}
              className="brand-logo"
              style={
                site.logo.height
                  ? ({ '--logo-h': `${site.logo.height}px` } as CSSProperties)
                  : undefined
              }
            />
          ) : null}
          {/*
            The name shows as words only where the original's header showed them (issue 12); a name
            that is only the host name says less than the logo. Screen readers always hear it.
          */}
          <span className={isNameShown() || !site.logo ? undefined : 'sr-only'}>{site.name}</span>
        </Link>
        <HeaderPart place="under" className="header-under" />
        <HeaderPart place="end" className="header-side header-end" />
        {/* Without a menu of its own (the site's menu is a sidebar): no empty bar, no menu button. */}
        {menu.length > 0 ? (
          <nav aria-label={site.labels.menu} className="desktop-nav">
            <ul>{entries}</ul>
          </nav>
        ) : null}
        <LanguageSwitcher />
        {menu.length > 0 ? (
          <button
            ref={menuButton}
            type="button"
            className="menu-button"
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((value) => !value)}
          >
            <span className="sr-only">{open ? site.labels.closeMenu : site.labels.menu}</span>
            <svg
              aria-hidden="true"
              width="24"
              height="24"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        ) : null}
      </div>
      {menu.length > 0 ? (
        <nav
          id="mobile-menu"
          aria-label={site.labels.menu}
          className="mobile-nav"
          hidden={!open}
          onKeyDown={(event) => {
            // Escape closes the mobile menu (when no dropdown inside took it) and returns to its button.
            if (event.key === 'Escape') {
              setOpen(false);
              menuButton.current?.focus();
            }
          }}
        >
          <ul className="wrap">{entries}</ul>
        </nav>
      ) : null}
    </header>
  );
}
