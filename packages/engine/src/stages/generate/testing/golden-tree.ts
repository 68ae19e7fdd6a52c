/**
 * Test support for the golden projects (issue 21 item 6): a generated tree split into what varies
 * per site, kept as golden files, and the files that are the template's own, only listed.
 *   - a file equal to its template file (templates/vite-react/, or that file with the types
 *     stripped as generate strips them for a JavaScript profile) is listed by path, not copied;
 *   - src/index.css keeps its theme, the template's base.css and motion.css replaced by a mark each;
 *   - every other file is a golden as it is.
 * A template file that generate changed is no longer equal to the template: it moves from the list
 * to the goldens, and the golden test fails on both.
 */
import type { FileTree } from '../../../types';
import { formatSource } from '../format';
import { templateFile, type TemplatePath } from '../templates/template-files';
import { TEMPLATE_LINES } from '../templates/vite-react.generated';
import { toJavaScript } from '../to-javascript';

/** The template's stylesheets src/index.css embeds, and the mark each leaves in its golden. */
export const STYLESHEET_MARKS: readonly { path: TemplatePath; mark: string }[] = [
  { path: 'src/styles/base.css', mark: '/* = templates/vite-react/src/styles/base.css */' },
  { path: 'src/styles/motion.css', mark: '/* = templates/vite-react/src/styles/motion.css */' },
];

function isTemplatePath(path: string): path is TemplatePath {
  return Object.hasOwn(TEMPLATE_LINES, path);
}

/** The file generate writes from a template file at `path`, or undefined when there is none. */
async function fromTemplate(path: string): Promise<string | undefined> {
  if (isTemplatePath(path)) return templateFile(path);
  // A JavaScript profile's .js/.jsx from the template's .ts/.tsx, stripped and formatted.
  const source = path.replace(/\.js$/, '.ts').replace(/\.jsx$/, '.tsx');
  if (source === path || !isTemplatePath(source)) return undefined;
  return formatSource(path, await toJavaScript(templateFile(source), source));
}

/** src/index.css with the template's stylesheets in it replaced by their marks. */
export function markStylesheets(css: string): string {
  return STYLESHEET_MARKS.reduce((out, { path, mark }) => {
    const sheet = templateFile(path);
    return out.includes(sheet) ? out.replace(sheet, () => mark) : out;
  }, css);
}

/** What a golden test keeps of a tree: the files that vary per site, and the template's paths. */
export interface SplitTree {
  goldens: Record<string, string | Uint8Array>;
  /** Paths whose file is the template's own, sorted. */
  templatePaths: string[];
}

/** Splits a generated tree into goldens and template files (see the header). */
export async function splitTree(tree: FileTree): Promise<SplitTree> {
  const goldens: SplitTree['goldens'] = {};
  const templatePaths: string[] = [];
  for (const path of Object.keys(tree.files).sort()) {
    const content = tree.files[path]!;
    if (typeof content === 'string' && content === (await fromTemplate(path))) {
      templatePaths.push(path);
    } else if (path === 'src/index.css' && typeof content === 'string') {
      goldens[path] = markStylesheets(content);
    } else {
      goldens[path] = content;
    }
  }
  return { goldens, templatePaths };
}
