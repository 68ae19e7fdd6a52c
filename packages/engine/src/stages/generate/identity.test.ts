/**
 * Issue 12: the original's identity carried into every strategy — carousels and item grids here,
 * built from a hand-made plan (extract fills these blocks in from the rendered page), generated for
 * each strategy and built with the engine's own packages (TypeScript strategies type-checked too).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Block, SitePlan } from '../../model';
import type { FileTree, Strategy } from '../../types';
import { extractSite } from '../extract/extract-site';
import { planSite } from '../plan/plan-site';
import { generateProject } from './generate-project';
import { buildTree, removeProject, runScript } from './testing/build-project';
import { loadFixture } from './testing/load-fixture';

const cleanup: string[] = [];
afterAll(async () => {
  for (const dir of cleanup) await removeProject(dir);
});

function text(tree: FileTree, path: string): string {
  const content = tree.files[path];
  if (typeof content !== 'string') throw new Error(`${path} is missing or binary`);
  return content;
}

const run = (value: string) => [{ text: value }];

/** The bootstrap3-landing fixture's plan with a carousel and an items grid on its start page. */
export function planWithPanels(strategy: Strategy): SitePlan {
  const plan = planSite(extractSite(loadFixture('bootstrap3-landing').raw), { strategy });
  const image = {
    src: '/images/harbour.png',
    alt: 'The harbour at dawn',
    width: 1200,
    height: 600,
  };
  const carousel: Block = {
    kind: 'carousel',
    slides: [
      { image, blocks: [{ kind: 'heading', level: 2, inlines: run('Fresh fish every day') }] },
      {
        image: { ...image, alt: 'Our kitchen' },
        blocks: [{ kind: 'paragraph', inlines: run('An open kitchen, since 1998') }],
      },
      { blocks: [{ kind: 'paragraph', inlines: run('Book a table by phone') }] },
    ],
  };
  const items: Block = {
    kind: 'items',
    columns: 3,
    items: ['Soup', 'Fish', 'Pie'].map((dish) => ({
      image: { ...image, alt: dish },
      blocks: [
        { kind: 'heading', level: 3, inlines: run(dish) },
        { kind: 'paragraph', inlines: run(`${dish} of the day`) },
      ],
    })),
  };
  const [home, ...rest] = plan.pages;
  return {
    ...plan,
    assets: [
      ...plan.assets,
      {
        url: 'http://example.com/harbour.png',
        path: 'images/harbour.png',
        contentType: 'image/png',
        body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
        width: 1200,
        height: 600,
      },
    ],
    pages: [
      {
        ...home!,
        sections: [
          { id: 'slides', variant: 'prose', blocks: [carousel] },
          ...home!.sections,
          {
            id: 'dishes',
            variant: 'prose',
            heading: { level: 2, inlines: run('Dishes') },
            blocks: [items],
          },
        ],
      },
      ...rest,
    ],
  };
}

describe('carousel and items blocks', () => {
  it('INCREMENTAL_UPDATE writes them as content data read by Carousel and ItemGrid', async () => {
    const tree = await generateProject(planWithPanels('INCREMENTAL_UPDATE'));
    const module = text(tree, 'src/content/pages/home.ts');
    expect(module).toContain("kind: 'carousel'");
    expect(module).toContain("kind: 'items'");
    expect(module).toContain('columns: 3');
    // The first slide's picture is the page's first image: eager, high priority; the others not.
    expect(module.match(/priority: true/g)).toHaveLength(1);
    expect(module.indexOf('priority: true')).toBeLessThan(module.indexOf('Our kitchen'));
    expect(text(tree, 'src/components/Blocks.tsx')).toContain("case 'carousel'");
    expect(tree.files['src/components/Carousel.tsx']).toBeDefined();
    expect(Object.values(tree.files).join('\n')).not.toMatch(/Caption \d/);
  });

  it('STYLE_MODERNIZATION writes them as JSX in the page', async () => {
    const tree = await generateProject(planWithPanels('STYLE_MODERNIZATION'));
    const page = text(tree, 'src/pages/HomePage.jsx');
    expect(page).toContain("import { Carousel } from '../components/Carousel';");
    expect(page).toMatch(/<Carousel\s+slides=\{\[/);
    expect(page).toMatch(/<ItemGrid\s+columns=\{3\}/);
    expect(page).toContain('Fresh fish every day');
    expect(page.match(/fetchPriority="high"/g)).toHaveLength(1);
  });

  it.each<Strategy>(['STYLE_MODERNIZATION', 'INCREMENTAL_UPDATE'])(
    '%s builds (and type-checks) with them',
    async (strategy) => {
      const result = await buildTree(await generateProject(planWithPanels(strategy)));
      cleanup.push(result.dir);
      expect(result.ok, result.output).toBe(true);
      if (strategy !== 'STYLE_MODERNIZATION') {
        const typecheck = runScript(result.dir, 'typecheck');
        expect(typecheck.ok, typecheck.output).toBe(true);
      }
    },
  );
});
