/** src/index.css of generated projects: Tailwind v4 with the design tokens as a theme. */
import type { DesignTokens } from '../../../model';

/**
 * The stylesheet for a design; `animations` adds the FULL_REBUILD motion (reduced-motion aware).
 * `contentModules`: the site's text lives in src/content/ (the TypeScript strategies), which Tailwind
 * then does not scan for class names (issue 10).
 */
export function toStylesheet(
  tokens: DesignTokens,
  animations: boolean,
  contentModules = false,
): string {
  const c = tokens.colors;
  const radius =
    tokens.radius === 'none' ? '0' : tokens.radius === 'small' ? '0.375rem' : '0.875rem';
  // Tailwind makes a rule of anything in the sources that reads as a class, `[--x:'</style>']` in a
  // page's text included: the content modules are text, never markup, so they are not scanned.
  const source = contentModules
    ? '\n/* src/content/ is the site\'s text, not markup: no class names are taken from it. */\n@source not "./content";\n'
    : '';
  return `@import "tailwindcss";
${source}
@theme {
  --color-primary: ${c.primary};
  --color-on-primary: ${c.onPrimary};
  --color-accent: ${c.accent};
  --color-on-accent: ${c.onAccent};
  --color-canvas: ${c.background};
  --color-surface: ${c.surface};
  --color-ink: ${c.text};
  --color-muted: ${c.muted};
  --color-line: ${c.border};
  --color-link: ${c.link};
  --font-sans: ${tokens.fonts.body};
  --font-heading: ${tokens.fonts.heading};
  --font-mono: ${tokens.fonts.mono};
  --radius-theme: ${radius};
}

@layer base {
  body {
    background: var(--color-canvas);
    color: var(--color-ink);
    font-family: var(--font-sans);
    line-height: 1.65;
    -webkit-font-smoothing: antialiased;
    overflow-wrap: anywhere;
  }
  h1, h2, h3, h4, h5, h6 {
    font-family: var(--font-heading);
    color: var(--color-ink);
    line-height: 1.2;
    font-weight: 700;
    letter-spacing: -0.015em;
    text-wrap: balance;
  }
  :focus-visible {
    outline: 3px solid var(--color-accent);
    outline-offset: 2px;
  }
  main:focus {
    outline: none;
  }
}

@layer components {
  .wrap {
    width: 100%;
    max-width: 72rem;
    margin-inline: auto;
    padding-inline: 1.25rem;
  }
  @media (min-width: 768px) {
    .wrap {
      padding-inline: 2rem;
    }
  }

  .skip-link {
    position: absolute;
    left: 1rem;
    top: -5rem;
    z-index: 60;
    background: var(--color-primary);
    color: var(--color-on-primary);
    padding: 0.75rem 1rem;
    border-radius: var(--radius-theme);
    font-weight: 600;
  }
  .skip-link:focus {
    top: 1rem;
  }

  .site-header {
    position: sticky;
    top: 0;
    z-index: 40;
    background: color-mix(in srgb, var(--color-canvas) 92%, transparent);
    backdrop-filter: saturate(1.6) blur(10px);
    border-bottom: 1px solid var(--color-line);
  }
  .header-bar {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 1rem;
    min-height: 4rem;
  }
  .brand {
    display: flex;
    align-items: center;
    gap: 0.625rem;
    min-width: 0;
    font-family: var(--font-heading);
    font-weight: 800;
    font-size: 1.125rem;
    letter-spacing: -0.01em;
    color: var(--color-ink);
  }
  .brand span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .brand-logo {
    max-height: 2.5rem;
    width: auto;
  }
  .desktop-nav {
    display: none;
  }
  .desktop-nav ul {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 0.25rem;
  }
  .nav-link {
    display: block;
    padding: 0.5rem 0.875rem;
    border-radius: 999px;
    color: var(--color-ink);
    font-weight: 500;
    font-size: 0.95rem;
    transition: background-color 0.15s, color 0.15s;
    max-width: 15rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .nav-link:hover,
  .nav-link.is-active {
    background: var(--color-surface);
    color: var(--color-link);
  }
  .menu-button {
    display: inline-flex;
    flex: none;
    align-items: center;
    justify-content: center;
    width: 2.75rem;
    height: 2.75rem;
    border-radius: 0.625rem;
    border: 1px solid var(--color-line);
    color: var(--color-ink);
    cursor: pointer;
  }
  .mobile-nav {
    border-top: 1px solid var(--color-line);
    background: var(--color-canvas);
  }
  .mobile-nav ul {
    display: grid;
    gap: 0.125rem;
    padding-block: 0.75rem;
  }
  .mobile-nav .nav-link {
    border-radius: 0.625rem;
    padding: 0.75rem 1rem;
  }
  @media (min-width: 768px) {
    .desktop-nav {
      display: block;
    }
    .menu-button,
    .mobile-nav {
      display: none;
    }
  }

  .section {
    padding-block: 3rem;
  }
  @media (min-width: 768px) {
    .section {
      padding-block: 4.5rem;
    }
  }
  .section-alt {
    background: var(--color-surface);
  }
  .hero {
    background:
      radial-gradient(60rem 30rem at 85% -10%, color-mix(in srgb, var(--color-primary) 14%, transparent), transparent),
      linear-gradient(180deg, var(--color-surface), var(--color-canvas));
    padding-block: 4rem 3.5rem;
  }
  @media (min-width: 768px) {
    .hero {
      padding-block: 6rem 5rem;
    }
  }
  .hero-grid.has-image {
    display: grid;
    gap: 2.5rem;
    align-items: center;
  }
  @media (min-width: 900px) {
    .hero-grid.has-image {
      grid-template-columns: 1.15fr 1fr;
    }
  }
  .hero h1 {
    font-size: clamp(2.25rem, 6vw, 3.75rem);
    letter-spacing: -0.03em;
  }
  .hero-text > p:first-of-type {
    font-size: 1.2rem;
    color: var(--color-muted);
  }
  .hero-image {
    justify-self: center;
    box-shadow: 0 25px 50px -12px rgb(0 0 0 / 0.25);
  }

  /* Text keeps a readable measure; tables, galleries, cards and code use the full width. */
  .content > :where(p, ul:not(.cards, .gallery), ol, blockquote, address, h1, h2, h3, h4, h5, h6, figure, .form-card) {
    max-width: 46rem;
  }
  .hero .content > :where(h1, p) {
    max-width: 52rem;
  }
  .content > * + * {
    margin-top: 1.1rem;
  }
  .content h1 {
    font-size: clamp(2rem, 5vw, 3rem);
    letter-spacing: -0.025em;
  }
  .content h2 {
    font-size: clamp(1.5rem, 3.2vw, 2.1rem);
  }
  .content h3 {
    font-size: 1.35rem;
  }
  .content h4,
  .content h5,
  .content h6,
  .content .subheading {
    font-size: 1.1rem;
    font-weight: 700;
  }
  .content a,
  .form-card a {
    color: var(--color-link);
    text-decoration: underline;
    text-decoration-thickness: 1px;
    text-underline-offset: 3px;
  }
  .content a:hover {
    text-decoration-thickness: 2px;
  }
  .content :is(h1, h2, h3, h4, h5, h6) a {
    text-decoration: none;
  }
  .content :is(h1, h2, h3, h4, h5, h6) a:hover {
    text-decoration: underline;
  }
  .content ul {
    list-style: disc;
    padding-left: 1.4rem;
  }
  .content ol {
    list-style: decimal;
    padding-left: 1.4rem;
  }
  .content li + li {
    margin-top: 0.35rem;
  }
  .content .breadcrumb {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 0.5rem;
    list-style: none;
    padding-left: 0;
    font-size: 0.9rem;
    color: var(--color-muted);
  }
  .content .breadcrumb li + li {
    margin-top: 0;
  }
  .content .breadcrumb li + li::before {
    content: '/';
    margin-right: 0.5rem;
    color: var(--color-muted);
  }
  .content li::marker {
    color: var(--color-primary);
  }
  .content blockquote {
    border-left: 4px solid var(--color-primary);
    padding: 0.25rem 0 0.25rem 1.25rem;
    font-size: 1.1rem;
    font-style: italic;
  }
  .content address {
    font-style: normal;
  }
  .content .term {
    font-weight: 700;
  }
  .content .caption,
  .content figcaption {
    color: var(--color-muted);
    font-size: 0.9rem;
  }
  .content figure img {
    border-radius: var(--radius-theme);
  }
  .content code {
    font-family: var(--font-mono);
    font-size: 0.9em;
    background: var(--color-surface);
    border: 1px solid var(--color-line);
    border-radius: 0.3rem;
    padding: 0.05em 0.3em;
  }
  .content pre {
    font-family: var(--font-mono);
    font-size: 0.875rem;
    line-height: 1.55;
    background: #0f172a;
    color: #e2e8f0;
    border-radius: var(--radius-theme);
    padding: 1rem 1.25rem;
    overflow-x: auto;
    white-space: pre;
    overflow-wrap: normal;
  }
  .content hr {
    border: 0;
    border-top: 1px solid var(--color-line);
    margin-block: 2rem;
  }
  .table-wrap {
    overflow-x: auto;
    border: 1px solid var(--color-line);
    border-radius: var(--radius-theme);
    background: var(--color-canvas);
  }
  .table-wrap table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.95rem;
  }
  .table-wrap caption {
    padding: 0.75rem 1rem;
    text-align: left;
    font-weight: 600;
  }
  .table-wrap th,
  .table-wrap td {
    padding: 0.65rem 1rem;
    border-bottom: 1px solid var(--color-line);
    text-align: left;
    vertical-align: top;
    overflow-wrap: normal;
  }
  .table-wrap th {
    background: var(--color-surface);
    font-weight: 600;
  }
  .table-wrap tbody tr:last-child td {
    border-bottom: 0;
  }

  .cta a {
    font-weight: 600;
  }
  .hero .cta a {
    display: inline-flex;
    align-items: center;
    background: var(--color-primary);
    color: var(--color-on-primary);
    padding: 0.8rem 1.6rem;
    border-radius: 999px;
    text-decoration: none;
    box-shadow: 0 10px 25px -12px var(--color-primary);
  }
  .btn {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.5rem;
    background: var(--color-primary);
    color: var(--color-on-primary);
    font-weight: 600;
    padding: 0.75rem 1.5rem;
    border-radius: 999px;
    cursor: pointer;
    transition: transform 0.15s, box-shadow 0.15s;
  }
  .btn:hover:not(:disabled) {
    box-shadow: 0 8px 20px -8px var(--color-primary);
  }
  .btn:disabled {
    cursor: not-allowed;
    opacity: 0.7;
  }
  .form-card {
    display: grid;
    gap: 1.1rem;
    max-width: 40rem;
    background: var(--color-canvas);
    border: 1px solid var(--color-line);
    border-radius: calc(var(--radius-theme) * 1.5);
    padding: 1.5rem;
    box-shadow: 0 10px 30px -15px rgb(0 0 0 / 0.2);
  }
  .field label {
    display: block;
    font-weight: 600;
    font-size: 0.95rem;
    margin-bottom: 0.35rem;
  }
  .field input,
  .field textarea,
  .field select {
    width: 100%;
    border: 1px solid var(--color-muted);
    border-radius: 0.625rem;
    background: var(--color-canvas);
    padding: 0.65rem 0.85rem;
    font: inherit;
  }
  .choice {
    display: flex;
    align-items: center;
    gap: 0.5rem;
  }
  .form-status {
    color: var(--color-muted);
    font-size: 0.9rem;
  }
  .form-status:empty {
    display: none;
  }

  .cards {
    display: grid;
    gap: 1rem;
    grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  }
  .content .cards {
    list-style: none;
    padding-left: 0;
    max-width: none;
  }
  .card > * + * {
    margin-top: 0.6rem;
  }
  .content .card :where(h2, h3, h4, h5, h6) {
    font-size: 1.15rem;
    letter-spacing: -0.01em;
  }
  .card {
    background: var(--color-canvas);
    border: 1px solid var(--color-line);
    border-radius: var(--radius-theme);
    padding: 1.25rem;
    box-shadow: 0 1px 2px rgb(0 0 0 / 0.05);
    transition: box-shadow 0.2s, transform 0.2s;
  }
  .content .card + .card {
    margin-top: 0;
  }
  .card:hover {
    box-shadow: 0 12px 28px -14px rgb(0 0 0 / 0.3);
  }

  .accordion {
    border: 1px solid var(--color-line);
    border-radius: var(--radius-theme);
    background: var(--color-canvas);
    max-width: 52rem;
  }
  .content .accordion-item + .accordion-item {
    border-top: 1px solid var(--color-line);
  }
  .accordion-item > :first-child {
    margin: 0;
    font-size: 1.05rem;
  }
  .accordion-item button {
    display: flex;
    width: 100%;
    align-items: center;
    justify-content: space-between;
    gap: 1rem;
    padding: 1rem 1.25rem;
    text-align: left;
    font: inherit;
    font-weight: 600;
    color: var(--color-ink);
    cursor: pointer;
  }
  .accordion-item button svg {
    flex: none;
    transition: transform 0.2s;
  }
  .accordion-item.is-open button svg {
    transform: rotate(180deg);
  }
  /* Closed answers are collapsed, not removed: their text stays in the page. */
  .accordion-panel {
    overflow: hidden;
    max-height: 0;
    padding-inline: 1.25rem;
  }
  .accordion-item.is-open .accordion-panel {
    max-height: none;
    padding-bottom: 1rem;
  }
  .accordion-panel > * + * {
    margin-top: 0.75rem;
  }

  /* Tabs: the tab list wraps on a phone instead of overflowing; inactive panels are hidden, not removed. */
  .tabs {
    padding-bottom: 1.5rem;
    border-bottom: 1px solid var(--color-line);
    /* A link to a panel scrolls the tabs into view below the sticky header. */
    scroll-margin-top: 5rem;
  }
  .tab-list {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    padding-bottom: 0.75rem;
    border-bottom: 1px solid var(--color-line);
  }
  .tab {
    max-width: 100%;
    padding: 0.3rem 0.75rem;
    border: 1px solid var(--color-line);
    border-radius: var(--radius-theme);
    background: var(--color-canvas);
    color: var(--color-ink);
    font: inherit;
    font-size: 0.9375rem;
    font-weight: 600;
    line-height: 1.4;
    text-align: left;
    cursor: pointer;
    transition: background-color 0.15s, border-color 0.15s, color 0.15s;
  }
  @media (min-width: 640px) {
    .tab {
      padding: 0.45rem 1rem;
      font-size: 1rem;
    }
  }
  .tab:hover {
    border-color: var(--color-primary);
  }
  .tab[aria-selected="true"] {
    border-color: var(--color-primary);
    background: var(--color-primary);
    color: var(--color-on-primary);
  }
  .tab-panel {
    padding-top: 1.5rem;
  }
  .tab-panel > :where(p, ul, ol, blockquote, address, h1, h2, h3, h4, h5, h6, figure, .form-card) {
    max-width: 46rem;
  }
  .tab-panel > * + * {
    margin-top: 1.1rem;
  }
  .gallery {
    display: grid;
    gap: 0.75rem;
    grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr));
  }
  .content .gallery {
    list-style: none;
    padding-left: 0;
  }
  .content .gallery li + li {
    margin-top: 0;
  }
  .gallery img {
    width: 100%;
    height: 100%;
    aspect-ratio: 4 / 3;
    object-fit: contain;
    background: var(--color-surface);
    border-radius: var(--radius-theme);
  }
  .gallery-item {
    display: block;
    width: 100%;
    cursor: zoom-in;
    border-radius: var(--radius-theme);
    overflow: hidden;
  }
  .lightbox {
    margin: auto;
    max-width: min(92vw, 64rem);
    padding: 1rem;
    border-radius: 1rem;
    background: var(--color-canvas);
  }
  .lightbox::backdrop {
    background: rgb(0 0 0 / 0.75);
  }
  .lightbox img {
    max-height: 75vh;
    width: auto;
    margin: 0 auto 1rem;
  }

  .site-footer {
    background: var(--color-ink);
    color: #e5e7eb;
    font-size: 0.95rem;
  }
  .site-footer a {
    color: #ffffff;
    text-decoration: underline;
    text-decoration-color: rgb(255 255 255 / 0.35);
    text-underline-offset: 3px;
  }
  .site-footer a:hover {
    text-decoration-color: #ffffff;
  }
  .footer-grid {
    display: grid;
    gap: 2rem;
    padding-block: 3rem;
    grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
  }
  .footer-title {
    color: #ffffff;
    font-weight: 700;
    margin-bottom: 0.75rem;
  }
  .footer-text {
    color: #d1d5db;
  }
  .site-footer ul {
    display: grid;
    gap: 0.4rem;
  }
  .footer-bottom {
    border-top: 1px solid rgb(255 255 255 / 0.15);
    padding-block: 1.25rem;
    font-size: 0.875rem;
    color: #d1d5db;
  }
  .not-found {
    text-align: center;
    padding-block: 6rem;
  }
}
${
  animations
    ? `
@media (prefers-reduced-motion: no-preference) {
  html {
    scroll-behavior: smooth;
  }
  .reveal {
    animation: reveal 0.6s cubic-bezier(0.2, 0.7, 0.2, 1) both;
  }
  .card:hover {
    transform: translateY(-2px);
  }
  .gallery-item img {
    transition: transform 0.35s ease;
  }
  .gallery-item:hover img {
    transform: scale(1.04);
  }
}
@keyframes reveal {
  from {
    opacity: 0;
    transform: translateY(14px);
  }
  to {
    opacity: 1;
    transform: none;
  }
}
`
    : ''
}`;
}
