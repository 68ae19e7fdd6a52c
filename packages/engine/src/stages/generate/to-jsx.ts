/**
 * STYLE_MODERNIZATION writes each page as literal JSX in the original's order, so the owner edits
 * markup directly. Text goes in as JavaScript string literals ({"..."}): nothing in the original's
 * text can break out of the markup.
 */
import type { Block, InlineRun } from '../../model';
import type { PlannedPage } from '../../model';
import { toFlatBlocks } from '../extract/walk-content';
import { escapeJsComment } from './escape';

function literal(text: string): string {
  return `{${JSON.stringify(text)}}`;
}

function attr(value: string): string {
  return `{${JSON.stringify(value)}}`;
}

/** True for links that stay inside the rebuilt site. */
export function isRouteHref(href: string): boolean {
  return (
    href.startsWith('/') &&
    !href.startsWith('//') &&
    !href.includes('#') &&
    !/\.[a-z0-9]{2,5}$/i.test(href)
  );
}

/**
 * A root-relative address ('/images/a.png', '/files/b.pdf', '/about#team') goes through `asset()`
 * (src/lib/asset), so it keeps working when the site is built for a base path.
 */
function url(value: string): string {
  return value.startsWith('/') && !value.startsWith('//')
    ? `{asset(${JSON.stringify(value)})}`
    : attr(value);
}

function link(href: string, inner: string): string {
  return isRouteHref(href)
    ? `<Link to=${attr(href)}>${inner}</Link>`
    : `<a href=${url(href)}>${inner}</a>`;
}

/** JSX for inline runs. */
export function toInlineJsx(runs: InlineRun[]): string {
  return runs
    .map((run) => {
      if (run.br) return `{" "}<br />`;
      let node = literal(run.text);
      if (run.code) node = `<code>${node}</code>`;
      if (run.em) node = `<em>${node}</em>`;
      if (run.strong) node = `<strong>${node}</strong>`;
      if (run.href && run.context)
        node += `<span className="sr-only">${literal(` (${run.context})`)}</span>`;
      if (run.href) node = link(run.href, node);
      return node;
    })
    .join('');
}

/** JSX for an image (the page's first is eager and high priority). */
export function toImageJsx(
  image: { src: string; alt: string; width?: number; height?: number; href?: string },
  priority: boolean,
  className = '',
): string {
  const size = `${image.width !== undefined ? ` width={${image.width}}` : ''}${image.height !== undefined ? ` height={${image.height}}` : ''}`;
  const loading = priority ? ` loading="eager" fetchPriority="high"` : ` loading="lazy"`;
  const img = `<img src=${url(image.src)} alt=${attr(image.alt)}${size}${loading} decoding="async" className=${attr(`h-auto max-w-full rounded-theme${className ? ` ${className}` : ''}`)} />`;
  return image.href ? link(image.href, img) : img;
}

/** JSX for one block; `state.firstImage` is cleared when the first image is written. */
export function toBlockJsx(block: Block, state: { firstImage: boolean }): string {
  switch (block.kind) {
    case 'paragraph': {
      const inner = toInlineJsx(block.inlines);
      if (block.role === 'quote') return `<blockquote>${inner}</blockquote>`;
      if (block.role === 'address') return `<address>${inner}</address>`;
      if (block.role === 'caption') return `<p className="caption">${inner}</p>`;
      if (block.role === 'term') return `<p className="term">${inner}</p>`;
      const only = block.inlines.length === 1 ? block.inlines[0] : undefined;
      if (only?.href && only.text.length <= 40) return `<p className="cta">${inner}</p>`;
      return `<p>${inner}</p>`;
    }
    case 'heading': {
      const level = Math.min(6, Math.max(1, block.level));
      return `<h${level}${block.id ? ` id=${attr(block.id)}` : ''}>${toInlineJsx(block.inlines)}</h${level}>`;
    }
    case 'list': {
      if (block.breadcrumb) {
        return `<nav aria-label="Breadcrumb"><ol className="breadcrumb">${block.items.map((item) => `<li>${toInlineJsx(item)}</li>`).join('')}</ol></nav>`;
      }
      const tag = block.ordered ? 'ol' : 'ul';
      const start = block.ordered && block.start !== undefined ? ` start={${block.start}}` : '';
      return `<${tag}${start}>${block.items.map((item) => `<li>${toInlineJsx(item)}</li>`).join('')}</${tag}>`;
    }
    case 'table': {
      const caption = block.caption ? `<caption>${literal(block.caption)}</caption>` : '';
      const head =
        block.head.length > 0
          ? `<thead>${block.head.map((row) => `<tr>${row.map((cell) => `<th scope="col">${toInlineJsx(cell)}</th>`).join('')}</tr>`).join('')}</thead>`
          : '';
      const body = `<tbody>${block.rows.map((row) => `<tr>${row.map((cell) => `<td>${toInlineJsx(cell)}</td>`).join('')}</tr>`).join('')}</tbody>`;
      return `<div className="table-wrap"><table>${caption}${head}${body}</table></div>`;
    }
    case 'image': {
      const priority = state.firstImage;
      state.firstImage = false;
      const caption = block.caption ? `<figcaption>${literal(block.caption)}</figcaption>` : '';
      return `<figure>${toImageJsx(block.image, priority)}${caption}</figure>`;
    }
    case 'pre':
      return `<pre>${literal(block.text)}</pre>`;
    case 'form': {
      const { action: _action, ...form } = block.form;
      return `<ContactForm form={${JSON.stringify(form)}} />`;
    }
    case 'break':
      return '';
    case 'rule':
      return '<hr />';
    case 'tabs': {
      // Only the first panel shows at first: images of the others never take the first image's priority.
      const tabs = block.tabs.map((tab, index) => {
        const panelState = index === 0 ? state : { firstImage: false };
        const content = tab.blocks.map((b) => toBlockJsx(b, panelState)).join('');
        return `{ id: ${JSON.stringify(tab.id)}, label: ${JSON.stringify(tab.label)}, content: <>${content}</> }`;
      });
      return `<Tabs label=${attr(block.label ?? '')} tabs={[${tabs.join(', ')}]} />`;
    }
  }
}

/** A whole page component in JSX. */
export function toPageJsx(page: PlannedPage): string {
  const state = { firstImage: true };
  const usesForm = page.sections.some((s) => toFlatBlocks(s.blocks).some((b) => b.kind === 'form'));
  const sections = page.sections.map((section, index) => {
    const headingId = section.heading ? `${section.id}-title` : undefined;
    const level = section.heading ? Math.min(6, Math.max(1, section.heading.level)) : 0;
    const heading = section.heading
      ? `<h${level} id=${attr(headingId!)}>${toInlineJsx(section.heading.inlines)}</h${level}>`
      : '';
    const labelled = headingId ? ` aria-labelledby=${attr(headingId)}` : '';
    const tone = index % 2 === 1 ? ' section-alt' : '';
    if (section.variant === 'hero') {
      const imageIndex = section.blocks.findIndex(
        (b) => b.kind === 'image' && (b.image.width ?? 400) >= 240,
      );
      const image = imageIndex >= 0 ? section.blocks[imageIndex] : undefined;
      let picture = '';
      if (image && image.kind === 'image') {
        picture = toImageJsx(image.image, state.firstImage, 'hero-image');
        state.firstImage = false;
      }
      const rest = section.blocks
        .filter((_, i) => i !== imageIndex)
        .map((b) => toBlockJsx(b, state));
      return `<section id=${attr(section.id)}${labelled} className="section hero"><div className=${attr(`wrap hero-grid${image ? ' has-image' : ''}`)}><div className="hero-text content">${heading}${rest.join('')}</div>${picture}</div></section>`;
    }
    if (section.variant === 'gallery') {
      const images = section.blocks.filter((b) => b.kind === 'image');
      const others = section.blocks
        .filter((b) => b.kind !== 'image')
        .map((b) => toBlockJsx(b, state));
      const grid = `<ul className="gallery">${images
        .map((b) => {
          const priority = state.firstImage;
          state.firstImage = false;
          return `<li>${b.kind === 'image' ? toImageJsx(b.image, priority) : ''}</li>`;
        })
        .join('')}</ul>`;
      return `<section id=${attr(section.id)}${labelled} className=${attr(`section${tone}`)}><div className="wrap content">${heading}${others.join('')}${grid}</div></section>`;
    }
    const wide = section.variant === 'doc' || section.variant === 'table' ? ' wide' : '';
    return `<section id=${attr(section.id)}${labelled} className=${attr(`section${tone}`)}><div className=${attr(`wrap content${wide}`)}>${heading}${section.blocks.map((b) => toBlockJsx(b, state)).join('')}</div></section>`;
  });
  const usesLink = sections.some((s) => s.includes('<Link '));
  const usesAsset = sections.some((s) => s.includes('={asset('));
  const usesTabs = sections.some((s) => s.includes('<Tabs '));
  const imports = [
    usesLink ? `import { Link } from 'react-router';` : '',
    usesForm ? `import { ContactForm } from '../components/ContactForm';` : '',
    `import { Seo } from '../components/Seo';`,
    usesTabs ? `import { Tabs } from '../components/Tabs';` : '',
    usesAsset ? `import { asset } from '../lib/asset';` : '',
  ].filter(Boolean);
  return `${imports.join('\n')}

/** ${escapeJsComment(page.title)} (${escapeJsComment(page.url)}) */
export default function ${page.componentName}() {
  return (
    <>
      <Seo title=${attr(page.title)} description=${attr(page.description)} route=${attr(page.route)} language=${attr(page.language)} />
      ${sections.join('\n')}
    </>
  );
}
`;
}
