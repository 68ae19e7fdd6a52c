/**
 * Joins class names, skipping empty ones, without merging conflicting Tailwind utilities (that is
 * `cn`'s job, which brings tailwind-merge along). For components on the prerendered public pages
 * (issue 13 item 6) whose classes never conflict, so those pages load no tailwind-merge.
 */
export function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
