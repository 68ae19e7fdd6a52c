/**
 * A page's content rewritten for the rebuilt site: links through the href rewriter (vague link text
 * gets its target as context), images to their hosted copies (the logo left to the header).
 */
import type { Block, ImageRef, InlineRun, Panel, SiteModel } from '../../model';
import type { AssetHost } from './asset-host';
import type { HrefRewriter } from './href-rewriter';
import { describeLinkTarget, isNonDescriptiveLinkText } from './link-context';
import { normalizeUrl, toLinkedPageKey } from './plan-routes';

/** Rewrites the runs and blocks of one page. */
export interface ContentRewriter {
  rewriteRuns: (runs: InlineRun[]) => InlineRun[];
  /** Undefined for a block that goes (an image not hosted, the logo). */
  rewriteBlock: (block: Block) => Block | undefined;
}

/**
 * Makes the content rewriter of each page of the site. `isRemovedLink`: the link was removed on
 * purpose (to a page not rebuilt, issue 24): its words stay as plain text, not a button's.
 */
export function createContentRewriter(
  model: SiteModel,
  rewriteHref: HrefRewriter,
  { hostAsset, hostDataUri }: AssetHost,
  isRemovedLink: (href: string) => boolean = () => false,
): (page: SiteModel['pages'][number]) => ContentRewriter {
  const logoAsset = model.identity.logo?.asset;
  const titleByUrl = new Map(model.pages.map((page) => [normalizeUrl(page.url), page.title]));
  const keyOf = toLinkedPageKey(new Set(titleByUrl.keys()));
  const titleOfPage = (url: string) => titleByUrl.get(keyOf(url));
  return (page) => {
    const sectionIds = new Set(page.sections.map((s) => s.id));
    const rewriteRuns = (runs: InlineRun[]): InlineRun[] =>
      runs.flatMap(withoutIconGlyphs).map((run) => {
        if (!run.href) return run;
        const href = rewriteHref(run.href, page.url, sectionIds);
        const copy: InlineRun = { ...run };
        if (href) copy.href = href;
        else delete copy.href;
        if (!href && isRemovedLink(run.href)) delete copy.button;
        if (href && isNonDescriptiveLinkText(run.text)) {
          const context = describeLinkTarget(run.href, titleOfPage, model.origin);
          if (context) copy.context = context;
        }
        return copy;
      });
    const rewriteImage = (image: ImageRef): ImageRef | undefined => {
      const asset = image.asset
        ? hostAsset(image.asset, 'images')
        : image.src.startsWith('data:image/')
          ? hostDataUri(image.src)
          : undefined;
      if (!asset) return undefined;
      const out: ImageRef = { ...image, src: `/${asset.path}` };
      delete out.asset;
      if (asset.width !== undefined && asset.height !== undefined) {
        out.width = asset.width;
        out.height = asset.height;
      }
      const href = rewriteHref(image.href, page.url, sectionIds);
      if (href) out.href = href;
      else delete out.href;
      // A linked image is the link's only name: without alt text it needs one (the target's title).
      if (href && !out.alt) {
        const target = image.href ? titleByUrl.get(keyOf(image.href)) : undefined;
        out.alt = target ?? humanise(decodeURIComponent(image.src.split('/').pop() ?? ''));
      }
      return out;
    };
    // An item that is one link without words (an image map's region without alt text, issue 23)
    // is named by its target page's title, else by its address's last part.
    const toNamedItem = (item: InlineRun[]): InlineRun[] => {
      const only = item.length === 1 ? item[0] : undefined;
      if (!only?.href || only.text.trim() || only.icon || only.br) return item;
      const part = toLastPart(only.href);
      const name = titleOfPage(only.href) || (part ? humanise(part) : model.identity.name);
      return name ? [{ ...only, text: name }] : item;
    };
    const rewritePanel = (panel: Panel): Panel => {
      const out: Panel = {
        blocks: panel.blocks.map(rewriteBlock).filter((b): b is Block => b !== undefined),
      };
      const image = panel.image ? rewriteImage(panel.image) : undefined;
      if (image) out.image = image;
      return out;
    };
    const rewriteBlock = (block: Block): Block | undefined => {
      switch (block.kind) {
        case 'paragraph':
        case 'heading':
          return { ...block, inlines: rewriteRuns(block.inlines) };
        case 'list':
          return { ...block, items: block.items.map((item) => rewriteRuns(toNamedItem(item))) };
        case 'table':
          return {
            ...block,
            head: block.head.map((row) => row.map(rewriteRuns)),
            rows: block.rows.map((row) => row.map(rewriteRuns)),
          };
        case 'image': {
          // The logo moves to the header; repeating it as page content would make it the hero image.
          if (logoAsset && block.image.asset === logoAsset) return undefined;
          const image = rewriteImage(block.image);
          return image ? { ...block, image } : undefined;
        }
        case 'tabs':
          return {
            ...block,
            tabs: block.tabs.map((tab) => ({
              ...tab,
              blocks: tab.blocks.map(rewriteBlock).filter((b): b is Block => b !== undefined),
            })),
          };
        case 'carousel':
          return { ...block, slides: block.slides.map(rewritePanel) };
        case 'items':
          return { ...block, items: block.items.map(rewritePanel) };
        case 'dialog':
          return {
            ...block,
            blocks: block.blocks.map(rewriteBlock).filter((b): b is Block => b !== undefined),
          };
        default:
          return block;
      }
    };
    return { rewriteRuns, rewriteBlock };
  };
}

/**
 * Characters of Unicode's Private Use Area: an icon font's glyphs (Font Awesome's U+F0E0...) that
 * reached the text as characters. Without the font they are empty boxes: they go (extract keeps the
 * icons it recognises as icon runs, drawn from the icon packages).
 */
const ICON_GLYPHS = /[\uE000-\uF8FF]/g;

/** A run without icon-font glyphs; none when nothing is left of a plain run. */
export function withoutIconGlyphs(run: InlineRun): InlineRun[] {
  const text = run.text.replace(ICON_GLYPHS, '');
  if (text === run.text) return [run];
  if (!text.trim() && !run.href && !run.icon && !run.br && !run.button) return [];
  return [{ ...run, text: run.href || run.button ? text.trim() || text : text }];
}

/** "golden-gate_2.jpg" -> "Golden gate 2". */
function humanise(fileName: string): string {
  const words = fileName
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_.]+/g, ' ')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Image';
}

/** "https://x.org/about-us.html?a=1" -> "about-us". */
function toLastPart(href: string): string {
  try {
    const part = new URL(href).pathname.split('/').filter(Boolean).pop() ?? '';
    return decodeURIComponent(part).replace(/\.[a-z0-9]+$/i, '');
  } catch {
    return '';
  }
}
