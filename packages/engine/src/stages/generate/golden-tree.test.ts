import { describe, expect, it } from 'vitest';
import { formatSource } from './format';
import { templateFile } from './templates/template-files';
import { markStylesheets, splitTree, STYLESHEET_MARKS } from './testing/golden-tree';
import { toJavaScript } from './to-javascript';

const base = templateFile('src/styles/base.css');
const motion = templateFile('src/styles/motion.css');
const theme = '@import "tailwindcss";\n\n@theme {\n  --color-primary: #b22222;\n}\n';

describe('golden trees: what varies per site', () => {
  it("lists the template's files, stripped or not, and keeps the rest and index.css's theme", async () => {
    const header = templateFile('src/components/Header.tsx');
    const preloadJs = await formatSource(
      'src/lib/preload.js',
      await toJavaScript(templateFile('src/lib/preload.ts'), 'src/lib/preload.ts'),
    );
    const site = 'export const site = { name: "Bella" };\n';
    const { goldens, templatePaths } = await splitTree({
      files: {
        'src/components/Header.tsx': header,
        'src/lib/preload.js': preloadJs,
        'public/sw.js': templateFile('public/sw.js'),
        'src/content/site.ts': site,
        'src/index.css': `${theme}\n${base}\n${motion}`,
        'public/logo.png': new Uint8Array([1, 2, 3]),
      },
    });
    expect(templatePaths).toEqual([
      'public/sw.js',
      'src/components/Header.tsx',
      'src/lib/preload.js',
    ]);
    expect(goldens).toEqual({
      'public/logo.png': new Uint8Array([1, 2, 3]),
      'src/content/site.ts': site,
      'src/index.css': `${theme}\n${STYLESHEET_MARKS[0]!.mark}\n${STYLESHEET_MARKS[1]!.mark}`,
    });
    expect(goldens['src/index.css']).not.toContain('.site-header');
  });

  it('turns a template file that generate changed into a golden, so the golden test fails on it', async () => {
    const header = templateFile('src/components/Header.tsx');
    const changed = header.replace('export function Header', 'export function SiteHeader');
    expect(changed).not.toBe(header);
    const { goldens, templatePaths } = await splitTree({
      files: {
        'src/components/Header.tsx': changed,
        'src/lib/asset.ts': templateFile('src/lib/asset.ts'),
      },
    });
    expect(templatePaths).toEqual(['src/lib/asset.ts']);
    expect(goldens).toEqual({ 'src/components/Header.tsx': changed });
  });

  it("keeps index.css whole where it no longer holds the template's base.css as it is", () => {
    const edited = `${theme}\n${base.replace('}', '  color: red;\n}')}`;
    expect(markStylesheets(edited)).toBe(edited);
    expect(markStylesheets(`${theme}\n${base}`)).toBe(`${theme}\n${STYLESHEET_MARKS[0]!.mark}`);
  });
});
