/**
 * The static files of generated projects: packages/engine/templates/vite-react/, inlined by
 * scripts/inline-templates.ts into vite-react.generated.ts (the generate stage reads no files).
 */
import { TEMPLATE_LINES } from './vite-react.generated';

/** A file of the template, by its path in the generated project. */
export type TemplatePath = keyof typeof TEMPLATE_LINES;

/** Ends a line that only FULL_REBUILD projects have (the analytics hook in Layout.tsx). */
const FULL_REBUILD_ONLY = ' // FULL_REBUILD only';
/** Lines between these two (the service worker's registration in main.tsx): FULL_REBUILD only. */
const BLOCK_START = '// FULL_REBUILD only: start';
const BLOCK_END = '// FULL_REBUILD only: end';

/**
 * A template file as a project gets it: lines marked `// FULL_REBUILD only`, or between
 * `// FULL_REBUILD only: start` and `// FULL_REBUILD only: end`, are kept without the marks when
 * `full`, and dropped otherwise.
 */
export function templateFile(path: TemplatePath, full: boolean): string {
  let inBlock = false;
  return TEMPLATE_LINES[path]
    .filter((line) => {
      if (line === BLOCK_START || line === BLOCK_END) {
        inBlock = line === BLOCK_START;
        return false;
      }
      return full || !inBlock;
    })
    .flatMap((line) =>
      line.endsWith(FULL_REBUILD_ONLY)
        ? full
          ? [line.slice(0, -FULL_REBUILD_ONLY.length)]
          : []
        : [line],
    )
    .join('\n');
}
