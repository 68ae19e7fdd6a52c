/** <br>: a line break in the current inline run. */
import type { WalkContext } from './walk-context';

/** Adds a line break to the inline run (not inside a form label). */
export function handleLineBreak(context: WalkContext): boolean {
  if (context.labelDepth === 0 && !context.buttonText) context.buffer.push({ text: '', br: true });
  return false;
}
