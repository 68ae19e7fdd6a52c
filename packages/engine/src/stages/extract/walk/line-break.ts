/** <br>: a line break in the current inline run. */
import type { WalkContext } from './walk-context';

/**
 * Adds a line break to the inline run (not inside a form label). What follows it starts a line of
 * its own: no picture or label after it joins the pictures before it.
 */
export function handleLineBreak(context: WalkContext): boolean {
  if (context.labelDepth === 0 && !context.buttonText) context.buffer.push({ text: '', br: true });
  context.lastImage = undefined;
  return false;
}
