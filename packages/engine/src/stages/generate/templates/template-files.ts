/**
 * The static files of generated projects: packages/engine/templates/vite-react/, inlined by
 * scripts/inline-templates.ts into vite-react.generated.ts (the generate stage reads no files).
 */
import { TEMPLATE_LINES } from './vite-react.generated';

/** A file of the template, by its path in the generated project. */
export type TemplatePath = keyof typeof TEMPLATE_LINES;

/** Ends a line that only FULL_REBUILD projects have (the analytics hook in Layout.tsx). */
const FULL_REBUILD_ONLY = ' // FULL_REBUILD only';

/**
 * A template file as a project gets it: lines marked `// FULL_REBUILD only` are kept, without the
 * mark, when `full`, and dropped otherwise.
 */
export function templateFile(path: TemplatePath, full: boolean): string {
  return TEMPLATE_LINES[path]
    .flatMap((line) =>
      line.endsWith(FULL_REBUILD_ONLY)
        ? full
          ? [line.slice(0, -FULL_REBUILD_ONLY.length)]
          : []
        : [line],
    )
    .join('\n');
}
