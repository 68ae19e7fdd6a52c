/** Inline runs as the walk collects them, tidied into the runs a block keeps. */
import type { InlineRun } from '../../../model';

/** Merges runs with the same marks and collapses whitespace across run boundaries. */
export function normalizeRuns(runs: InlineRun[]): InlineRun[] {
  const out: InlineRun[] = [];
  let atLineStart = true;
  for (const run of runs) {
    if (run.br) {
      const last = out[out.length - 1];
      if (last && !last.br) last.text = last.text.replace(/ $/, '');
      if (out.length > 0) out.push({ text: '', br: true });
      atLineStart = true;
      continue;
    }
    if (run.icon) {
      // An icon run has no text: it is kept as it is, between the words around it.
      out.push({ ...run, text: '' });
      continue;
    }
    // Icon-font glyphs live in the Private Use Area: without the font they are empty boxes.
    let text = run.text.replace(/[\uE000-\uF8FF]/g, '').replace(/\s+/g, ' ');
    if (atLineStart) text = text.replace(/^ /, '');
    if (!text) continue;
    const previous = out[out.length - 1];
    // Menus of block-styled links (<a>One</a><a>Two</a>) have no space between them: keep them apart.
    if (
      previous &&
      !previous.br &&
      previous.href &&
      run.href &&
      previous.href !== run.href &&
      !atLineStart
    ) {
      out.push({ text: '', br: true });
    }
    atLineStart = text.endsWith(' ');
    const last = out[out.length - 1];
    if (
      last &&
      !last.br &&
      !last.icon &&
      last.href === run.href &&
      last.button === run.button &&
      !!last.strong === !!run.strong &&
      !!last.em === !!run.em &&
      !!last.code === !!run.code
    ) {
      last.text += text;
    } else {
      const copy: InlineRun = { ...run, text };
      out.push(copy);
    }
  }
  while (out.length > 0) {
    const last = out[out.length - 1]!;
    if (last.br) {
      out.pop();
      continue;
    }
    if (last.icon) break;
    last.text = last.text.replace(/ $/, '');
    if (!last.text) {
      out.pop();
      continue;
    }
    break;
  }
  // A run of only whitespace between two marked runs survives as its own run; keep it (it separates words).
  return out;
}
