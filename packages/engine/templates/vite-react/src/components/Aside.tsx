import { useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { site } from '../content/site';

/**
 * A page's sidebar beside its content, as the original showed it (the sidebar layout block at the
 * end of styles/base.css): on its side at 1024 px and wider, as wide as the original's; on narrower
 * screens a menu column opens from a button above the content (its links stay one tap away, never
 * a long column before the words) and any other sidebar follows the content. A `<nav>` named by
 * `label` when it is navigation, its link to the page shown marked as current, before the content
 * in the markup when it stands on the left; else an `<aside>`, after it.
 * What the original showed above the two columns (a banner spanning the page) comes first.
 */
export function Aside({
  side,
  width,
  span,
  label,
  navigation,
  fill,
  text,
  content,
  above,
  children,
}: {
  side: 'left' | 'right';
  /** The original's width at 1440 px, in CSS px. */
  width: number;
  /** The sidebar and the content together in the original (px at 1440): the layout's width. */
  span?: number;
  label?: string;
  navigation?: boolean;
  /** The original's fill of the sidebar and its words' colour (they pass AA together). */
  fill?: string;
  text?: string;
  /** What the sidebar holds. */
  content: ReactNode;
  /** The sections the original showed above the two columns, across the page. */
  above?: ReactNode;
  /** The page's sections beside the sidebar. */
  children: ReactNode;
}) {
  const style = {
    '--aside-width': `${Math.round(width)}px`,
    ...(span ? { '--aside-span': `${Math.round(span)}px` } : {}),
    ...(fill && text ? { '--aside-fill': fill, '--aside-text': text } : {}),
  } as CSSProperties;
  const named = label ? { 'aria-label': label } : {};
  const menu = navigation ? (
    <SideMenu named={named}>{content}</SideMenu>
  ) : (
    <aside {...named} className="page-aside content">
      {content}
    </aside>
  );
  // A menu column on the left is read before the content, as the original's was (phones show it
  // first too, folded); any other sidebar follows the content it stands beside.
  const menuFirst = navigation === true && side === 'left';
  return (
    <>
      {above}
      <div
        className={
          'with-aside aside-' +
          side +
          (fill && text ? ' aside-filled' : '') +
          (navigation ? ' aside-menu' : '')
        }
        style={style}
      >
        {menuFirst && menu}
        <div className="page-main">{children}</div>
        {!menuFirst && menu}
      </div>
    </>
  );
}

/**
 * A menu column: every link shown on a desktop, the one to the page shown marked `aria-current`;
 * on a phone folded under a disclosure button (WAI-ARIA disclosure) that closes when a page opens.
 */
function SideMenu({ named, children }: { named: { 'aria-label'?: string }; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    setOpen(false);
    for (const link of nav.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? []) {
      const url = new URL(link.href, window.location.href);
      const here =
        url.origin === window.location.origin &&
        url.pathname.replace(/\/$/, '') === window.location.pathname.replace(/\/$/, '') &&
        !url.hash;
      if (here) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
  }, [pathname]);
  return (
    <nav {...named} ref={nav} className="page-aside content">
      <button
        type="button"
        className="aside-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
        <span>{site.labels.menu}</span>
      </button>
      <div id={id} className={'aside-links' + (open ? ' is-open' : '')}>
        {children}
      </div>
    </nav>
  );
}
