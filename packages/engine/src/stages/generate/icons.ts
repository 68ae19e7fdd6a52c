/**
 * Icons of the original (issue 12): the icon-font glyphs extract named (`fas:envelope`,
 * `fab:twitter`, Font Awesome's and Glyphicons' mapped to Font Awesome names) drawn as inline SVG
 * from the installed Font Awesome packages. Only the icons a site uses go into its generated code
 * (`src/content/icons.ts`), as plain path data the template's Icon component draws.
 */
import { fab } from '@fortawesome/free-brands-svg-icons';
import { far } from '@fortawesome/free-regular-svg-icons';
import { fas } from '@fortawesome/free-solid-svg-icons';
import type { Block, InlineRun, SitePlan } from '../../model';

/** One icon's drawing: its box and path data. */
export interface IconData {
  width: number;
  height: number;
  path: string;
}

/** An icon name as extract writes it: pack prefix and Font Awesome name. */
export const ICON_NAME = /^fa[srb]:[a-z0-9-]{1,60}$/;

type Pack = Record<
  string,
  {
    prefix: string;
    iconName: string;
    icon: [number, number, (string | number)[], string, string | string[]];
  }
>;

let lookup: Map<string, IconData> | undefined;

/** Every icon of the three free packs by `prefix:name`, aliases (`fas:home`) included. */
function icons(): Map<string, IconData> {
  if (lookup) return lookup;
  lookup = new Map();
  for (const pack of [fas, far, fab] as unknown as Pack[]) {
    for (const definition of Object.values(pack)) {
      const [width, height, aliases, , pathData] = definition.icon;
      const path = Array.isArray(pathData) ? pathData.join(' ') : pathData;
      const data = { width, height, path };
      for (const name of [definition.iconName, ...aliases.filter((a) => typeof a === 'string')]) {
        const key = `${definition.prefix}:${name}`;
        if (!lookup.has(key)) lookup.set(key, data);
      }
    }
  }
  return lookup;
}

/** The drawing of an icon, or undefined when no installed pack has it. */
export function findIcon(name: string): IconData | undefined {
  return ICON_NAME.test(name) ? icons().get(name) : undefined;
}

function runsOf(block: Block): InlineRun[][] {
  switch (block.kind) {
    case 'paragraph':
    case 'heading':
      return [block.inlines];
    case 'list':
      return block.items;
    case 'table':
      return [...block.head, ...block.rows].flat();
    case 'tabs':
      return block.tabs.flatMap((tab) => tab.blocks.flatMap(runsOf));
    case 'carousel':
      return block.slides.flatMap((slide) => slide.blocks.flatMap(runsOf));
    case 'items':
      return block.items.flatMap((item) => item.blocks.flatMap(runsOf));
    case 'dialog':
      return block.blocks.flatMap(runsOf);
    default:
      return [];
  }
}

/** The icons the plan's pages use, drawn; sorted by name so the module is deterministic. */
export function usedIcons(plan: SitePlan): Record<string, IconData> {
  const names = new Set<string>();
  for (const page of plan.pages)
    for (const section of page.sections)
      for (const runs of [section.heading?.inlines ?? [], ...section.blocks.flatMap(runsOf)])
        for (const run of runs) if (run.icon) names.add(run.icon);
  // The original's footer lines (a social profile's icon) and header parts are on every page.
  for (const runs of [
    ...(plan.footer ?? []),
    ...(plan.header ?? []).flatMap((part) => part.blocks),
  ].flatMap(runsOf))
    for (const run of runs) if (run.icon) names.add(run.icon);
  const out: Record<string, IconData> = {};
  for (const name of [...names].sort()) {
    const icon = findIcon(name);
    if (icon) out[name] = icon;
  }
  return out;
}
