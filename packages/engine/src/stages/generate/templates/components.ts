/**
 * Source of the generated project's shared components, written once in TypeScript + JSX. The
 * JavaScript strategy gets the same files with the types stripped (see to-javascript.ts).
 * Generated code avoids template literals so these sources can live in template strings here.
 */

/** src/lib/asset.ts: URLs of public files and root-relative links under the site's base path. */
export const ASSET = `
/**
 * The site's base path without its trailing slash: '' when the site lives at the root of its domain,
 * '/docs' when it is built with BASE_PATH=/docs/ (Vite's base, import.meta.env.BASE_URL).
 */
export const basePath: string = import.meta.env.BASE_URL.replace(/\\/+$/, '');

/**
 * The URL of a file in public/ or of a root-relative link ('images/a.png', '/files/b.pdf') under the
 * base path. Other addresses (https:, mailto:, tel:, //host, #anchor) are returned unchanged.
 */
export function asset(path: string): string {
  if (/^(?:[a-z][a-z0-9+.-]*:|\\/\\/|#)/i.test(path)) return path;
  return basePath + '/' + path.replace(/^\\/+/, '');
}
`;

/** src/content/types.ts: the shape of the content modules. */
export const CONTENT_TYPES = `
export interface InlineRun {
  text: string;
  href?: string;
  /** Where a link whose text says nothing ('here') leads: read out, not shown. */
  context?: string;
  strong?: boolean;
  em?: boolean;
  code?: boolean;
  br?: boolean;
}

export interface ImageData {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  href?: string;
  /** The page's first image: loaded eagerly with high priority (it is usually the largest paint). */
  priority?: boolean;
}

export interface FormFieldData {
  type: string;
  name: string;
  label: string;
  required: boolean;
  placeholder?: string;
  value?: string;
  options?: { value: string; label: string }[];
}

export interface FormContent {
  method: 'get' | 'post';
  intro: string[];
  fields: FormFieldData[];
  submitLabel: string;
}

export type Block =
  | { kind: 'paragraph'; inlines: InlineRun[]; role?: 'quote' | 'caption' | 'term' | 'definition' | 'address' }
  | { kind: 'heading'; level: number; inlines: InlineRun[]; id?: string }
  | { kind: 'list'; ordered: boolean; start?: number; items: InlineRun[][]; breadcrumb?: boolean }
  | { kind: 'table'; caption?: string; head: InlineRun[][][]; rows: InlineRun[][][] }
  | { kind: 'image'; image: ImageData; caption?: string }
  | { kind: 'pre'; text: string }
  | { kind: 'form'; form: FormContent }
  | { kind: 'rule' }
  | { kind: 'tabs'; label: string; tabs: TabData[] };

/** One tab: its label and its panel's content; its id is the panel's id (the original's, so old links to it open it). */
export interface TabData {
  id: string;
  label: string;
  blocks: Block[];
}

export type SectionVariant = 'hero' | 'prose' | 'gallery' | 'table' | 'contact' | 'cards' | 'doc' | 'accordion';

export interface SectionData {
  id: string;
  variant: SectionVariant;
  heading?: { level: number; inlines: InlineRun[] };
  blocks: Block[];
}

/** A page: its route and head tags, and its sections, either bundled or loaded on first view. */
export type PageEntry = {
  route: string;
  title: string;
  description: string;
  language: string;
} & ({ sections: SectionData[] } | { load: () => Promise<{ sections: SectionData[] }> });
`;

/** src/content/site-types.ts: the shape of the site module. */
export const SITE_TYPES = `
export interface SiteLink {
  label: string;
  route: string;
}

export interface SiteContent {
  name: string;
  language: string;
  description: string;
  /** Default origin for canonical URLs; VITE_SITE_URL overrides it. */
  siteUrl: string;
  logo?: { src: string; width?: number; height?: number };
  navigation: SiteLink[];
  footerLinks: SiteLink[];
  contact: { phones: string[]; emails: string[]; addresses: string[]; hours: string[] };
  social: { network: string; href: string }[];
  copyright?: string;
  labels: {
    skip: string;
    menu: string;
    closeMenu: string;
    pages: string;
    contact: string;
    follow: string;
    formNotConnected: string;
    formSending: string;
    formSent: string;
    formFailed: string;
    close: string;
    notFound: string;
    backHome: string;
  };
}
`;

/** src/components/InlineText.tsx */
export const INLINE_TEXT = `
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { InlineRun } from '../content/types';
import { asset } from '../lib/asset';

/** True for links that stay inside the rebuilt site (React Router handles them). */
export function isRoute(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.includes('#') && !/\\.[a-z0-9]{2,5}$/i.test(href);
}

function renderRun(run: InlineRun, index: number): ReactNode {
  if (run.br)
    return (
      <span key={index}>
        {' '}
        <br />
      </span>
    );
  let node: ReactNode = run.text;
  if (run.code) node = <code>{node}</code>;
  if (run.em) node = <em>{node}</em>;
  if (run.strong) node = <strong>{node}</strong>;
  if (run.href) {
    const inner = run.context ? (
      <>
        {node}
        <span className="sr-only"> ({run.context})</span>
      </>
    ) : (
      node
    );
    node = isRoute(run.href) ? <Link to={run.href}>{inner}</Link> : <a href={asset(run.href)}>{inner}</a>;
  }
  return <span key={index}>{node}</span>;
}

/** Renders a paragraph's runs: text with its marks and links. */
export function InlineText({ runs }: { runs: InlineRun[] }) {
  return <>{runs.map(renderRun)}</>;
}
`;

/** src/components/Picture.tsx */
export const PICTURE = `
import { Link } from 'react-router';
import type { ImageData } from '../content/types';
import { asset } from '../lib/asset';
import { isRoute } from './InlineText';

/** A self-hosted image: sized, lazy unless it is the page's first. */
export function Picture({ image, className }: { image: ImageData; className?: string }) {
  const img = (
    <img
      src={asset(image.src)}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={image.priority ? 'eager' : 'lazy'}
      fetchPriority={image.priority ? 'high' : 'auto'}
      decoding="async"
      className={className ? 'h-auto max-w-full rounded-theme ' + className : 'h-auto max-w-full rounded-theme'}
    />
  );
  if (!image.href) return img;
  return isRoute(image.href) ? <Link to={image.href}>{img}</Link> : <a href={asset(image.href)}>{img}</a>;
}
`;

/** src/components/Blocks.tsx */
export const BLOCKS = `
import type { Block, InlineRun } from '../content/types';
import { ContactForm } from './ContactForm';
import { Heading } from './Heading';
import { InlineText } from './InlineText';
import { Picture } from './Picture';
import { Tabs } from './Tabs';

/** A paragraph that is a single short link ("Tell me more") reads as a call to action. */
function isCallToAction(runs: InlineRun[]): boolean {
  const only = runs.length === 1 ? runs[0] : undefined;
  return !!only?.href && only.text.length <= 40;
}

/** One content block of the original page, in modern markup. */
export function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'paragraph': {
      const text = <InlineText runs={block.inlines} />;
      if (block.role === 'quote') return <blockquote>{text}</blockquote>;
      if (block.role === 'address') return <address>{text}</address>;
      if (block.role === 'caption') return <p className="caption">{text}</p>;
      if (block.role === 'term') return <p className="term">{text}</p>;
      if (isCallToAction(block.inlines)) return <p className="cta">{text}</p>;
      return <p>{text}</p>;
    }
    case 'heading':
      return <Heading level={block.level} inlines={block.inlines} id={block.id} />;
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index}>
          <InlineText runs={item} />
        </li>
      ));
      if (block.breadcrumb)
        return (
          <nav aria-label="Breadcrumb">
            <ol className="breadcrumb">{items}</ol>
          </nav>
        );
      return block.ordered ? <ol start={block.start}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'table':
      return (
        <div className="table-wrap">
          <table>
            {block.caption ? <caption>{block.caption}</caption> : null}
            {block.head.length > 0 ? (
              <thead>
                {block.head.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, c) => (
                      <th key={c} scope="col">
                        <InlineText runs={cell} />
                      </th>
                    ))}
                  </tr>
                ))}
              </thead>
            ) : null}
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c}>
                      <InlineText runs={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'image':
      return (
        <figure>
          <Picture image={block.image} />
          {block.caption ? <figcaption>{block.caption}</figcaption> : null}
        </figure>
      );
    case 'pre':
      return <pre>{block.text}</pre>;
    case 'form':
      return <ContactForm form={block.form} />;
    case 'rule':
      return <hr />;
    case 'tabs':
      return (
        <Tabs
          label={block.label}
          tabs={block.tabs.map((tab) => ({ id: tab.id, label: tab.label, content: <Blocks blocks={tab.blocks} /> }))}
        />
      );
  }
}

/** A list of blocks. */
export function Blocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
    </>
  );
}
`;

/** src/components/Heading.tsx */
export const HEADING = `
import type { InlineRun } from '../content/types';
import { InlineText } from './InlineText';

/** A section heading at its outline level (the page has exactly one h1). */
export function Heading({ level, inlines, id, className }: { level: number; inlines: InlineRun[]; id?: string; className?: string }) {
  const Tag = ('h' + Math.min(6, Math.max(1, level))) as 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
  return (
    <Tag id={id} className={className}>
      <InlineText runs={inlines} />
    </Tag>
  );
}
`;

/** src/components/Gallery.tsx: images with an accessible lightbox (state for the open image). */
export const GALLERY = `
import { useEffect, useRef, useState } from 'react';
import type { ImageData } from '../content/types';
import { site } from '../content/site';
import { asset } from '../lib/asset';

/** A grid of images; a click opens the image large in a dialog. */
export function Gallery({ images }: { images: ImageData[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open !== null && !element.open) element.showModal();
    if (open === null && element.open) element.close();
  }, [open]);
  const current = open === null ? undefined : images[open];
  return (
    <>
      <ul className="gallery">
        {images.map((image, index) => (
          <li key={image.src + index}>
            <button type="button" className="gallery-item" onClick={() => setOpen(index)} aria-label={image.alt || site.labels.close}>
              <img
                src={asset(image.src)}
                alt={image.alt}
                width={image.width}
                height={image.height}
                loading={image.priority ? 'eager' : 'lazy'}
                decoding="async"
              />
            </button>
          </li>
        ))}
      </ul>
      <dialog ref={dialog} className="lightbox" onClose={() => setOpen(null)} aria-label={current?.alt}>
        {current ? <img src={asset(current.src)} alt={current.alt} width={current.width} height={current.height} /> : null}
        <button type="button" className="btn" onClick={() => setOpen(null)}>
          {site.labels.close}
        </button>
      </dialog>
    </>
  );
}
`;

/** src/components/Accordion.tsx: questions and answers; answers stay in the page when closed. */
export const ACCORDION = `
import { useId, useState } from 'react';
import type { Block } from '../content/types';
import { Blocks } from './Blocks';

/**
 * An FAQ: each question opens its answer. Closed answers are collapsed (not removed) and inert, so
 * search engines and "find in page" still see them while keyboard focus skips them.
 */
export function Accordion({ blocks }: { blocks: Block[] }) {
  const id = useId();
  const [open, setOpen] = useState<number | null>(0);
  const level = Math.max(0, ...blocks.map((block) => (block.kind === 'heading' ? block.level : 0)));
  const first = blocks.findIndex((block) => block.kind === 'heading' && block.level === level);
  const intro = first < 0 ? blocks : blocks.slice(0, first);
  const items: { question: Block; answer: Block[] }[] = [];
  for (const block of first < 0 ? [] : blocks.slice(first)) {
    if (block.kind === 'heading' && block.level === level) items.push({ question: block, answer: [] });
    else items[items.length - 1]?.answer.push(block);
  }
  const Tag = ('h' + Math.min(6, Math.max(2, level))) as 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
  return (
    <>
      <Blocks blocks={intro} />
      <div className="accordion">
        {items.map((item, index) => {
          const isOpen = open === index;
          const question = item.question.kind === 'heading' ? item.question.inlines.map((run) => run.text).join('') : '';
          return (
            <div key={index} className={'accordion-item' + (isOpen ? ' is-open' : '')}>
              <Tag id={item.question.kind === 'heading' ? item.question.id : undefined}>
                <button
                  type="button"
                  id={id + '-q' + index}
                  aria-expanded={isOpen}
                  aria-controls={id + '-a' + index}
                  onClick={() => setOpen(isOpen ? null : index)}
                >
                  <span>{question}</span>
                  <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2">
                    <path d="M5 8l5 5 5-5" />
                  </svg>
                </button>
              </Tag>
              <div id={id + '-a' + index} role="region" aria-labelledby={id + '-q' + index} className="accordion-panel" inert={!isOpen}>
                <Blocks blocks={item.answer} />
              </div>
            </div>
          );
        })}
      </div>
    </>
  );
}
`;

/** src/components/Tabs.tsx: tabbed content (WAI-ARIA tabs); inactive panels stay in the page, hidden. */
export const TABS = `
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

/** One tab: its label and its panel's content; its id is the panel's id. */
export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs as the original had them, with the WAI-ARIA tabs pattern: arrow keys, Home and End move
 * between the tabs, and a link to a panel's id (#tab-3, as on the original) opens its tab. Inactive
 * panels are hidden, not removed, so the prerendered page and search engines keep all of their text.
 */
export function Tabs({ label, tabs }: { label: string; tabs: TabItem[] }) {
  const id = useId();
  const [selected, setSelected] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const panelIds = tabs.map((tab) => tab.id).join(' ');

  useEffect(() => {
    const ids = panelIds.split(' ');
    function openFromHash() {
      const hash = decodeURIComponent(window.location.hash.slice(1));
      const target = hash ? document.getElementById(hash) : null;
      if (!target) return;
      const index = ids.findIndex((panelId) => document.getElementById(panelId)?.contains(target));
      if (index < 0) return;
      setSelected(index);
      // The browser could not scroll to a hidden panel: once it shows, bring its tab into view (or
      // the element inside it that the link names).
      requestAnimationFrame(() => (ids.includes(hash) ? root.current : target)?.scrollIntoView());
    }
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, [panelIds]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = tabs.length - 1;
    let next: number;
    if (event.key === 'ArrowRight') next = selected === last ? 0 : selected + 1;
    else if (event.key === 'ArrowLeft') next = selected === 0 ? last : selected - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else return;
    event.preventDefault();
    setSelected(next);
    buttons.current[next]?.focus();
  }

  return (
    <div ref={root} className="tabs">
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={id + '-tab-' + index}
            aria-selected={index === selected}
            aria-controls={tab.id}
            tabIndex={index === selected ? 0 : -1}
            className="tab"
            onClick={() => setSelected(index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          id={tab.id}
          role="tabpanel"
          aria-labelledby={id + '-tab-' + index}
          tabIndex={0}
          hidden={index !== selected}
          className="tab-panel"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
`;

/** src/components/ContactForm.tsx */
export const CONTACT_FORM = `
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { FormContent } from '../content/types';
import { site } from '../content/site';

const ENDPOINT: string = import.meta.env.VITE_FORM_ENDPOINT ?? '';

/**
 * The original form, rebuilt. It posts to VITE_FORM_ENDPOINT (any form back end: Formspree, a
 * serverless function...). Without one it says so instead of pretending to send.
 */
export function ContactForm({ form }: { form: FormContent }) {
  const id = useId();
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ENDPOINT) return;
    setStatus('sending');
    try {
      const response = await fetch(ENDPOINT, {
        method: 'POST',
        body: new FormData(event.currentTarget),
        headers: { Accept: 'application/json' },
      });
      setStatus(response.ok ? 'sent' : 'failed');
    } catch {
      setStatus('failed');
    }
  }

  return (
    <form className="form-card" method={form.method} action={ENDPOINT || undefined} onSubmit={onSubmit}>
      {form.intro.map((text, index) => (
        <p key={index}>{text}</p>
      ))}
      {form.fields.map((field, index) => {
        const fieldId = id + '-' + index;
        const common = { id: fieldId, name: field.name, required: field.required };
        if (field.type === 'checkbox' || field.type === 'radio') {
          return (
            <div key={fieldId} className="choice">
              <input {...common} type={field.type} value={field.value ?? 'on'} />
              <label htmlFor={fieldId}>{field.label}</label>
            </div>
          );
        }
        return (
          <div key={fieldId} className="field">
            <label htmlFor={fieldId}>{field.label}</label>
            {field.type === 'textarea' ? (
              <textarea {...common} rows={5} placeholder={field.placeholder} defaultValue={field.value} />
            ) : field.type === 'select' ? (
              <select {...common} defaultValue={field.value}>
                {(field.options ?? []).map((option, o) => (
                  <option key={o} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input {...common} type={field.type} placeholder={field.placeholder} defaultValue={field.value} />
            )}
          </div>
        );
      })}
      <button type="submit" className="btn" disabled={!ENDPOINT || status === 'sending'}>
        {form.submitLabel}
      </button>
      <p className="form-status" role="status" aria-live="polite">
        {!ENDPOINT
          ? site.labels.formNotConnected
          : status === 'sending'
            ? site.labels.formSending
            : status === 'sent'
              ? site.labels.formSent
              : status === 'failed'
                ? site.labels.formFailed
                : ''}
      </p>
    </form>
  );
}
`;

/** src/components/Header.tsx: responsive header with an accessible mobile menu. */
export const HEADER = `
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
        <NavLink to={link.route} end className={({ isActive }) => 'nav-link' + (isActive ? ' is-active' : '')}>
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
          {site.logo ? <img src={asset(site.logo.src)} alt="" width={site.logo.width} height={site.logo.height} className="brand-logo" /> : null}
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
          <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
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
`;

/** src/components/Footer.tsx */
export const FOOTER = `
import { Link } from 'react-router';
import { site } from '../content/site';
import { asset } from '../lib/asset';
import { isRoute } from './InlineText';

/** The site footer: every navigation link, contact details, social profiles and the copyright line. */
export function Footer() {
  const { contact } = site;
  const hasContact = contact.phones.length + contact.emails.length + contact.addresses.length + contact.hours.length > 0;
  return (
    <footer className="site-footer">
      <div className="wrap footer-grid">
        <div>
          <p className="footer-title">{site.name}</p>
          {site.description ? <p className="footer-text">{site.description}</p> : null}
        </div>
        {site.footerLinks.length > 0 ? (
          <nav aria-label={site.labels.pages}>
            <p className="footer-title">{site.labels.pages}</p>
            <ul>
              {site.footerLinks.map((link, index) => (
                <li key={index}>{isRoute(link.route) ? <Link to={link.route}>{link.label}</Link> : <a href={asset(link.route)}>{link.label}</a>}</li>
              ))}
            </ul>
          </nav>
        ) : null}
        {hasContact ? (
          <div>
            <p className="footer-title">{site.labels.contact}</p>
            <ul>
              {contact.phones.map((phone) => (
                <li key={phone}>
                  <a href={'tel:' + phone.replace(/[^+\\d]/g, '')}>{phone}</a>
                </li>
              ))}
              {contact.emails.map((email) => (
                <li key={email}>
                  <a href={'mailto:' + email}>{email}</a>
                </li>
              ))}
              {contact.addresses.map((address) => (
                <li key={address}>{address}</li>
              ))}
              {contact.hours.map((hours) => (
                <li key={hours}>{hours}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {site.social.length > 0 ? (
          <div>
            <p className="footer-title">{site.labels.follow}</p>
            <ul>
              {site.social.map((profile) => (
                <li key={profile.href}>
                  <a href={profile.href} rel="me">
                    {profile.network}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {site.copyright ? (
        <div className="wrap footer-bottom">
          <p>{site.copyright}</p>
        </div>
      ) : null}
    </footer>
  );
}
`;

/** src/components/Seo.tsx: a tiny head manager (title, description, canonical, Open Graph). */
export const SEO = `
import { useEffect } from 'react';
import { site } from '../content/site';
import { basePath } from '../lib/asset';

/** The site's public address: VITE_SITE_URL when set, else the current origin and base path. */
export function siteOrigin(): string {
  const configured: string = import.meta.env.VITE_SITE_URL ?? '';
  if (configured) return configured.replace(/\\/$/, '');
  return typeof window === 'undefined' ? site.siteUrl : window.location.origin + basePath;
}

function upsert(selector: string, create: () => HTMLElement, attribute: string, value: string) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  element.setAttribute(attribute, value);
}

function meta(key: 'name' | 'property', name: string, content: string) {
  upsert(
    'meta[' + key + '="' + name + '"]',
    () => {
      const element = document.createElement('meta');
      element.setAttribute(key, name);
      return element;
    },
    'content',
    content,
  );
}

/** Keeps the document head in step with the route. */
export function Seo({ title, description, route, language }: { title: string; description: string; route: string; language: string }) {
  useEffect(() => {
    const url = siteOrigin() + route;
    document.title = title;
    document.documentElement.lang = language;
    meta('name', 'description', description);
    meta('property', 'og:title', title);
    meta('property', 'og:description', description);
    meta('property', 'og:type', 'website');
    meta('property', 'og:url', url);
    meta('property', 'og:site_name', site.name);
    upsert(
      'link[rel="canonical"]',
      () => {
        const element = document.createElement('link');
        element.setAttribute('rel', 'canonical');
        return element;
      },
      'href',
      url,
    );
  }, [title, description, route, language]);
  return null;
}
`;

/** src/components/Section.tsx: one section, shown by its variant. */
export const SECTION = `
import type { Block, ImageData, SectionData } from '../content/types';
import { Accordion } from './Accordion';
import { Blocks } from './Blocks';
import { Gallery } from './Gallery';
import { Heading } from './Heading';
import { InlineText } from './InlineText';
import { Picture } from './Picture';

function imagesOf(blocks: Block[]): ImageData[] {
  return blocks.flatMap((block) => (block.kind === 'image' ? [block.image] : []));
}

/** A section of a page. */
export function Section({ section, index }: { section: SectionData; index: number }) {
  const { heading, blocks, variant } = section;
  const headingId = heading ? section.id + '-title' : undefined;
  const title = heading ? <Heading level={heading.level} inlines={heading.inlines} id={headingId} /> : null;
  const tone = index % 2 === 1 ? ' section-alt' : '';
  if (variant === 'hero') {
    // Only a picture-sized image stands beside the headline; icons and buttons stay in the text.
    const image = blocks.find((block) => block.kind === 'image' && (block.image.width ?? 400) >= 240);
    const rest = blocks.filter((block) => block !== image);
    return (
      <section id={section.id} aria-labelledby={headingId} className="section hero">
        <div className={'wrap hero-grid' + (image ? ' has-image' : '')}>
          <div className="hero-text content">
            {title}
            <Blocks blocks={rest} />
          </div>
          {image && image.kind === 'image' ? <Picture image={image.image} className="hero-image" /> : null}
        </div>
      </section>
    );
  }
  if (variant === 'gallery') {
    const others = blocks.filter((block) => block.kind !== 'image');
    return (
      <section id={section.id} aria-labelledby={headingId} className={'section reveal' + tone}>
        <div className="wrap content">
          {title}
          <Blocks blocks={others} />
          <Gallery images={imagesOf(blocks)} />
        </div>
      </section>
    );
  }
  if (variant === 'accordion') {
    return (
      <section id={section.id} aria-labelledby={headingId} className={'section reveal' + tone}>
        <div className="wrap content">
          {title}
          <Accordion blocks={blocks} />
        </div>
      </section>
    );
  }
  if (variant === 'cards') {
    // The deepest headings start the cards; what comes before them is the intro. When the first of
    // them has a picture right before it, each such picture starts its card (a thumbnail on top).
    const cardLevel = Math.max(0, ...blocks.map((block) => (block.kind === 'heading' ? block.level : 0)));
    const isCardHeading = (block: Block | undefined) => block?.kind === 'heading' && block.level === cardLevel;
    const firstHeading = blocks.findIndex(isCardHeading);
    const imageFirst = blocks[firstHeading - 1]?.kind === 'image';
    const start = imageFirst ? firstHeading - 1 : firstHeading;
    const intro = firstHeading < 0 ? blocks.filter((block) => block.kind !== 'list') : blocks.slice(0, start);
    const groups: Block[][] = [];
    if (firstHeading >= 0) {
      blocks.slice(start).forEach((block, i, rest) => {
        const starts =
          imageFirst && block.kind === 'image'
            ? isCardHeading(rest[i + 1])
            : isCardHeading(block) && !(imageFirst && rest[i - 1]?.kind === 'image');
        if (starts) groups.push([block]);
        else groups[groups.length - 1]?.push(block);
      });
    }
    return (
      <section id={section.id} aria-labelledby={headingId} className={'section reveal' + tone}>
        <div className="wrap content">
          {title}
          <Blocks blocks={intro} />
          <ul className="cards">
            {firstHeading >= 0
              ? groups.map((group, i) => (
                  <li key={i} className="card">
                    <Blocks blocks={group} />
                  </li>
                ))
              : blocks.flatMap((block) =>
                  block.kind === 'list'
                    ? block.items.map((item, i) => (
                        <li key={i} className="card">
                          <InlineText runs={item} />
                        </li>
                      ))
                    : [],
                )}
          </ul>
        </div>
      </section>
    );
  }
  return (
    <section id={section.id} aria-labelledby={headingId} className={'section reveal variant-' + variant + tone}>
      <div className={'wrap content' + (variant === 'doc' || variant === 'table' ? ' wide' : '')}>
        {title}
        <Blocks blocks={blocks} />
      </div>
    </section>
  );
}
`;

/** src/components/PageView.tsx: a whole page from its content module. */
export const PAGE_VIEW = `
import { use } from 'react';
import type { PageEntry } from '../content/types';
import { loadSections } from '../lib/page-content';
import { Section } from './Section';
import { Seo } from './Seo';

/** Renders one page of the site from its content (the layout shows a placeholder while it loads). */
export function PageView({ page }: { page: PageEntry }) {
  const found = loadSections(page);
  const sections = Array.isArray(found) ? found : use(found);
  return (
    <>
      <Seo title={page.title} description={page.description} route={page.route} language={page.language} />
      {sections.map((section, index) => (
        <Section key={section.id} section={section} index={index} />
      ))}
    </>
  );
}
`;

/** src/lib/page-content.ts: loads a page's content module once, and ahead of the first render. */
export const PAGE_CONTENT = `
import { pages } from '../content/pages';
import type { PageEntry, SectionData } from '../content/types';
import { settleWithin } from './preload';

const loaded = new Map<string, SectionData[]>();
const loading = new Map<string, Promise<SectionData[]>>();

/**
 * A page's sections: at once when bundled or already loaded, else one shared promise per page
 * (React suspends on it).
 */
export function loadSections(page: PageEntry): SectionData[] | Promise<SectionData[]> {
  if ('sections' in page) return page.sections;
  const ready = loaded.get(page.route);
  if (ready) return ready;
  let pending = loading.get(page.route);
  if (!pending) {
    pending = page.load().then((module) => {
      loaded.set(page.route, module.sections);
      return module.sections;
    });
    loading.set(page.route, pending);
  }
  return pending;
}

/**
 * Loads the content of the page at \`path\` (a route) before the app first renders, so that the first
 * view shows the page at once instead of a placeholder. Waits at most \`maxWaitMs\`; never rejects.
 */
export function preloadPage(path: string, maxWaitMs = 1500): Promise<void> {
  const page = pages.find((candidate) => candidate.route === path);
  const found = page ? loadSections(page) : [];
  return Array.isArray(found) ? Promise.resolve() : settleWithin(found, maxWaitMs);
}
`;

/** src/lib/lazy-page.tsx (STYLE_MODERNIZATION): a page component loaded on first view. */
export const LAZY_PAGE = `
import { lazy, type ComponentType } from 'react';

/** A page component that loads on first view, like React.lazy, or ahead of it with preload(). */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/** Once loaded (by preload() or a first view), the page renders at once, with no placeholder. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      Loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  return Object.assign(Page, { preload });
}
`;

/** src/lib/preload.ts: a bounded wait for content loaded ahead of the first render. */
export const PRELOAD = `
/** Resolves when \`promise\` settles or after \`maxWaitMs\`, whichever comes first; never rejects. */
export function settleWithin(promise: Promise<unknown>, maxWaitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}
`;

/** src/components/Layout.tsx (analytics hook added for FULL_REBUILD by the generator). */
export function layoutSource(withAnalytics: boolean): string {
  return `
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { site } from '../content/site';
import { Footer } from './Footer';
import { Header } from './Header';
${withAnalytics ? "import { useAnalytics } from '../lib/analytics';\n" : ''}
/** Skip link, header, main landmark and footer around every route. */
export function Layout() {
${withAnalytics ? '  useAnalytics();\n' : ''}  return (
    <>
      <a href="#main" className="skip-link">
        {site.labels.skip}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {/* A page whose content is still loading keeps the footer below the fold (no layout shift). */}
        <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
`;
}

/** src/lib/analytics.ts (FULL_REBUILD): page views, off until VITE_ANALYTICS_ENDPOINT is set. */
export const ANALYTICS = `
import { useEffect } from 'react';
import { useLocation } from 'react-router';

const ENDPOINT: string = import.meta.env.VITE_ANALYTICS_ENDPOINT ?? '';

/** Sends a page view per route change to VITE_ANALYTICS_ENDPOINT; does nothing when it is not set. */
export function useAnalytics() {
  const location = useLocation();
  useEffect(() => {
    if (!ENDPOINT || typeof navigator === 'undefined' || !navigator.sendBeacon) return;
    const body = JSON.stringify({ path: location.pathname, referrer: document.referrer || null });
    navigator.sendBeacon(ENDPOINT, new Blob([body], { type: 'application/json' }));
  }, [location.pathname]);
}
`;

/** src/vite-env.d.ts */
export const VITE_ENV = `
/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SITE_URL?: string;
  readonly VITE_FORM_ENDPOINT?: string;
  readonly VITE_ANALYTICS_ENDPOINT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
`;
