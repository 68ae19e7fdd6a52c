/** <pre> and its ancestors (<xmp>, <listing>, <plaintext>): text kept as laid out. */
import type { Element } from '../dom';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { collapse, getAttr, textContent } from '../dom';
import { emit } from './emit';
import { flush } from './flush';
import type { WalkContext } from './walk-context';

/** Emits a pre block with the element's text, unless it is blank. */
export function handlePreformatted(context: WalkContext, element: Element): boolean {
  flush(context);
  const text = textContent(element).replace(/^\n/, '').replace(/\s+$/, '');
  if (collapse(text)) {
    context.textBlocks.push(collapse(text));
    // Set in the body's type by the original (PROBE_MARKS.textPre): lines of text, not code.
    const plain = getAttr(element, PROBE_MARKS.textPre) !== undefined;
    emit(context, plain ? { kind: 'pre', text, plain } : { kind: 'pre', text });
  }
  return false;
}
