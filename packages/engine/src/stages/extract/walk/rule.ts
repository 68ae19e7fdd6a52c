/** <hr>: a thematic break. */
import { emit } from './emit';
import { flush } from './flush';
import type { WalkContext } from './walk-context';

/** Emits a rule block (not inside a form or a menu). */
export function handleRule(context: WalkContext): boolean {
  flush(context);
  if (!context.form && context.nav === 0) emit(context, { kind: 'rule' });
  return false;
}
