/** <pre> and its ancestors (<xmp>, <listing>, <plaintext>): text kept as laid out. */
import type { Element } from '../dom';
import { collapse, textContent } from '../dom';
import { emit } from './emit';
import { flush } from './flush';
import type { WalkContext } from './walk-context';

/** Emits a pre block with the element's text, unless it is blank. */
export function handlePreformatted(context: WalkContext, element: Element): boolean {
  flush(context);
  const text = textContent(element).replace(/^\n/, '').replace(/\s+$/, '');
  if (collapse(text)) {
    context.textBlocks.push(collapse(text));
    emit(context, { kind: 'pre', text });
  }
  return false;
}
