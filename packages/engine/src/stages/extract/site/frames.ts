/**
 * extract, step 2: a frameset page shows its frames. It becomes their content (on the ground of
 * its first content frame); a link-only frame becomes its navigation, and the narrow side frame
 * stays beside the content as its aside.
 */
import type { NavLink, PageModel, Section } from '../../../model';
import { collapse } from '../dom';
import { findSideFrame, toBlocksOfSections } from '../side-frame';
import { toAside } from '../walk/aside';
import { describe, uniqueSectionIds, type ParsedPage } from './parse-page';

/** Merges each frameset page's frames into it (in place); `byUrl` finds a frame's page. */
export function mergeFramesets(parsed: ParsedPage[], byUrl: Map<string, ParsedPage>): void {
  for (const page of parsed) {
    if (page.frames.length === 0) continue;
    page.model.kind = 'frameset';
    const sections: Section[] = [];
    const textBlocks: string[] = [];
    const sideFrame = findSideFrame(page.document, page.model.url);
    for (const frameUrl of page.frames) {
      const frame = byUrl.get(frameUrl);
      if (!frame || frame === page) continue;
      if (frame.model.kind === 'page') frame.model.kind = 'frame';
      page.model.navLinks.push(...frame.model.navLinks);
      // The narrow side frame (the navigation frame) stays beside the content, as the page's aside.
      const asideBlocks =
        sideFrame && sideFrame.url === frameUrl && !page.model.aside
          ? toBlocksOfSections(frame.model.sections)
          : [];
      if (sideFrame && asideBlocks.length > 0) {
        page.model.aside = toAside(asideBlocks, sideFrame.side, sideFrame.width);
        frame.model.asideOf = page.model.url;
        // A menu frame's links are the header's navigation too; its text, their labels.
        const links = isLinkList(frame.model) ? linksOf(frame.model) : undefined;
        if (links) page.model.navLinks.push(...links);
        textBlocks.push(...(links ? links.map((link) => link.label) : frame.model.textBlocks));
        page.model.dropped.push(...frame.model.dropped);
        continue;
      }
      if (isLinkList(frame.model)) {
        // A menu frame becomes the header navigation: its visible text is its link labels.
        const links = linksOf(frame.model);
        page.model.navLinks.push(...links);
        textBlocks.push(...links.map((link) => link.label));
        continue;
      }
      textBlocks.push(...frame.model.textBlocks);
      sections.push(...frame.model.sections);
      page.model.dropped.push(...frame.model.dropped);
      // A frameset has no body to draw on: its page shows its content frame's ground (issue 23).
      if (!page.ground && frame.ground) page.ground = frame.ground;
    }
    page.model.sections = uniqueSectionIds([...page.model.sections, ...sections]);
    page.model.textBlocks = [...page.model.textBlocks, ...textBlocks];
    if (!page.model.description) page.model.description = describe(page.model.sections);
  }
}

/** True when a page is nearly all links (a menu frame). */
export function isLinkList(page: PageModel): boolean {
  const links = linksOf(page);
  if (links.length < 2) return false;
  const linked = links.reduce((n, link) => n + link.label.replace(/\s+/g, '').length, 0);
  const all = page.textBlocks.reduce((n, text) => n + text.replace(/\s+/g, '').length, 0);
  return linked >= all * 0.9;
}

/** Every link of a page's headings, paragraphs and lists, with its words. */
export function linksOf(page: PageModel): NavLink[] {
  const links: NavLink[] = [];
  for (const section of page.sections) {
    const runs = [
      section.heading?.inlines ?? [],
      ...section.blocks.flatMap((block) =>
        block.kind === 'paragraph' ? [block.inlines] : block.kind === 'list' ? block.items : [],
      ),
    ];
    for (const line of runs)
      for (const run of line)
        if (run.href && collapse(run.text))
          links.push({ label: collapse(run.text), href: run.href });
  }
  return links;
}
