/**
 * The static files of generated projects: packages/engine/templates/vite-react/, inlined by
 * scripts/inline-templates.ts into vite-react.generated.ts (the generate stage reads no files). Every
 * project gets a file as it is: what differs per strategy or site is data the static code reads
 * (src/content/site.ts: `features`, the menu, the labels...), never lines taken out (issue 11 item 2).
 */
import { TEMPLATE_LINES } from './vite-react.generated';

/** A file of the template, by its path in the generated project. */
export type TemplatePath = keyof typeof TEMPLATE_LINES;

/** A file of the template, as a project gets it. */
export function templateFile(path: TemplatePath): string {
  return TEMPLATE_LINES[path].join('\n');
}
