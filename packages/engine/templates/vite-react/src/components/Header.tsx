import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { site } from '../content/site';
import { asset } from '../lib/asset';
import { isRoute } from './InlineText';

/** The site header: brand, navigation, and a menu button on small screens. */
export function Header() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  const links = site.navigation.map((link) => (
    <li key={link.route}>
      {isRoute(link.route) ? (
        <NavLink
          to={link.route}
          end
          className={({ isActive }) => 'nav-link' + (isActive ? ' is-active' : '')}
        >
          {link.label}
        </NavLink>
      ) : (
        <a href={asset(link.route)} className="nav-link">
          {link.label}
        </a>
      )}
    </li>
  ));
  return (
    <header className="site-header">
      <div className="wrap header-bar">
        <Link to="/" className="brand">
          {site.logo ? (
            <img
              src={asset(site.logo.src)}
              alt=""
              width={site.logo.width}
              height={site.logo.height}
              className="brand-logo"
            />
          ) : null}
          <span>{site.name}</span>
        </Link>
        <nav aria-label={site.labels.menu} className="desktop-nav">
          <ul>{links}</ul>
        </nav>
        <button
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
      </div>
      <nav id="mobile-menu" aria-label={site.labels.menu} className="mobile-nav" hidden={!open}>
        <ul className="wrap">{links}</ul>
      </nav>
    </header>
  );
}
