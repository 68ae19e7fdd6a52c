import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { toAssetUrl } from './crawl-url';
import { listCssUrls } from './css-references';
import { listParamLinks } from '../../lib/param-links';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/** What a page refers to: links to crawl, frames, stylesheets and the assets it shows. */
export interface PageReferences {
  /** The URL relative references resolve against (<base href> or the page URL). */
  baseUrl: string;
  /** href of <a> and <area>, and links in applet/object params, as written (resolve with toCrawlUrl). */
  links: string[];
  /** src of <frame> and <iframe>, absolute. */
  frames: string[];
  /** Absolute URLs of <link rel=stylesheet>. */
  stylesheets: string[];
  /** Contents of <style> elements, in document order. */
  inlineStyles: string[];
  /** Absolute image URLs (or data: URIs) in document order, without duplicates. */
  images: string[];
  /** Absolute URLs of icons (<link rel=icon>, apple-touch-icon). */
  icons: string[];
  /** Absolute URLs of fonts referenced from style attributes (rare, but kept with the images' limits). */
  fonts: string[];
  /** The picture the page is drawn on, from its `<body background>` (absolute), when it has one. */
  ground?: string;
}

const getAttribute = (element: Element, name: string): string | undefined =>
  element.attrs.find((attribute) => attribute.name === name)?.value;

/**
 * The largest candidate of a srcset: by width descriptor (800w), else by density (2x), else the first.
 * URLs in a srcset end at whitespace; a candidate's trailing comma separates it from the next.
 */
export function pickLargestSrcset(srcset: string): string | undefined {
  let best: { url: string; score: number } | undefined;
  let position = 0;
  while (position < srcset.length) {
    while (position < srcset.length && /[\s,]/.test(srcset[position] ?? '')) position++;
    let end = position;
    while (end < srcset.length && !/\s/.test(srcset[end] ?? '')) end++;
    let url = srcset.slice(position, end);
    position = end;
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const comma = srcset.indexOf(',', position);
      const stop = comma < 0 ? srcset.length : comma;
      descriptor = srcset.slice(position, stop).trim();
      position = stop + 1;
    }
    if (!url) continue;
    const width = /^(\d+(?:\.\d+)?)w$/i.exec(descriptor);
    const density = /^(\d+(?:\.\d+)?)x$/i.exec(descriptor);
    const score = width ? Number(width[1]) * 1000 : density ? Number(density[1]) : 1;
    if (!best || score > best.score) best = { url, score };
  }
  return best?.url;
}

function getText(element: Element): string {
  return element.childNodes
    .map((child) =>
      child.nodeName === '#text' ? (child as DefaultTreeAdapterTypes.TextNode).value : '',
    )
    .join('');
}

/**
 * Lists the references of an HTML document. The walk is iterative so that pathological nesting
 * (10,000 levels of <div>) cannot overflow the stack.
 */
export function collectPageReferences(html: string, pageUrl: string): PageReferences {
  const document = parse(html);
  const elements: Element[] = [];
  const stack: Node[] = [document];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if ('tagName' in node) elements.push(node);
    const children =
      node.nodeName === 'template'
        ? (node as DefaultTreeAdapterTypes.Template).content.childNodes
        : undefined;
    const childNodes = children ?? ('childNodes' in node ? node.childNodes : []);
    for (let index = childNodes.length - 1; index >= 0; index--)
      stack.push(childNodes[index] as Node);
  }

  const baseHref = elements.find(
    (element) => element.tagName === 'base' && getAttribute(element, 'href'),
  );
  let baseUrl = pageUrl;
  if (baseHref) {
    try {
      baseUrl = new URL(getAttribute(baseHref, 'href') ?? '', pageUrl).href;
    } catch {
      baseUrl = pageUrl;
    }
  }

  const references: PageReferences = {
    baseUrl,
    links: [],
    frames: [],
    stylesheets: [],
    inlineStyles: [],
    images: [],
    icons: [],
    fonts: [],
  };
  const seenImages = new Set<string>();
  const addAsset = (list: string[], seen: Set<string>, value: string | undefined): void => {
    const url = value ? toAssetUrl(value, baseUrl) : undefined;
    if (url && !seen.has(url)) {
      seen.add(url);
      list.push(url);
    }
  };
  const addImage = (value: string | undefined): void =>
    addAsset(references.images, seenImages, value);
  const seenOther = new Set<string>();

  for (const element of elements) {
    const tag = element.tagName;
    const attribute = (name: string): string | undefined => getAttribute(element, name);
    switch (tag) {
      case 'a':
      case 'area': {
        const href = attribute('href');
        if (href !== undefined) references.links.push(href);
        break;
      }
      case 'frame':
      case 'iframe': {
        const src = attribute('src');
        const url = src ? toAssetUrl(src, baseUrl) : undefined;
        if (url && !url.startsWith('data:')) references.frames.push(url);
        break;
      }
      case 'link': {
        const rel = (attribute('rel') ?? '').toLowerCase().split(/\s+/);
        const href = attribute('href');
        if (!href) break;
        if (rel.includes('stylesheet') && !rel.includes('alternate')) {
          addAsset(references.stylesheets, seenOther, href);
        } else if (
          rel.includes('icon') ||
          rel.includes('apple-touch-icon') ||
          rel.includes('apple-touch-icon-precomposed')
        ) {
          addAsset(references.icons, seenOther, href);
        }
        break;
      }
      case 'meta': {
        // <meta http-equiv="refresh" content="0; url=home.html">: old start pages forward this way.
        const content = attribute('content') ?? '';
        if ((attribute('http-equiv') ?? '').toLowerCase() === 'refresh') {
          const target = /^\s*[\d.]*\s*[;,]\s*(?:url\s*=\s*)?(['"]?)(.+?)\1\s*$/i.exec(
            content,
          )?.[2];
          if (target) references.links.push(target);
        }
        break;
      }
      case 'style':
        references.inlineStyles.push(getText(element));
        break;
      case 'applet':
      case 'object': {
        // A Java menu's pages are linked from its params only (no browser runs applets any more).
        for (const link of listParamLinks(element)) references.links.push(link.href);
        break;
      }
      case 'img': {
        const srcset = attribute('srcset');
        addImage(attribute('src') ?? attribute('data-src'));
        if (srcset) addImage(pickLargestSrcset(srcset));
        break;
      }
      case 'source': {
        const srcset = attribute('srcset');
        if (srcset && element.parentNode && (element.parentNode as Element).tagName === 'picture') {
          addImage(pickLargestSrcset(srcset));
        }
        break;
      }
      case 'input':
        if ((attribute('type') ?? '').toLowerCase() === 'image') addImage(attribute('src'));
        break;
      case 'video':
        addImage(attribute('poster'));
        break;
      case 'body': {
        const ground = attribute('background');
        const url = ground ? toAssetUrl(ground, baseUrl) : undefined;
        if (url && references.ground === undefined) references.ground = url;
        addImage(ground);
        break;
      }
      case 'table':
      case 'td':
      case 'th':
      case 'tr':
        addImage(attribute('background'));
        break;
      default:
        break;
    }
    const style = attribute('style');
    if (style && /url\(/i.test(style)) {
      for (const reference of listCssUrls(style)) {
        if (reference.kind === 'font') addAsset(references.fonts, seenOther, reference.url);
        else addImage(reference.url);
      }
    }
  }
  return references;
}
