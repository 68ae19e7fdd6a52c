/** Inline marks: bold, italic and code elements mark the runs inside. */
import type { Element } from '../dom';
import type { WalkContext } from './walk-context';

/** The counter in the context each mark raises while the walk is inside it. */
export type Mark = 'strong' | 'em' | 'code';

/** A handler that marks the runs inside its element with `mark`. */
export function inlineMark(mark: Mark): (context: WalkContext, element: Element) => boolean {
  return (context, element) => {
    context[mark]++;
    context.exits.set(element, () => context[mark]--);
    return true;
  };
}
