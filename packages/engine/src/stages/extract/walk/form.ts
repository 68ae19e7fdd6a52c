/** Forms: a form element starts a form model that collects its fields, labels and intro text. */
import type { FormModel } from '../../../model';
import type { Element } from '../dom';
import { collapse, findElements, getAttr, isElement, resolveUrl, walk } from '../dom';
import { emit } from './emit';
import { flush } from './flush';
import type { WalkContext } from './walk-context';

/** Why a form's state (a message shown once the form was used) is not in the rebuild's content. */
export const FORM_STATE_REASON = 'Shown by the original only after its form is used';

/** Tags of form fields. */
export const CONTROLS = new Set(['input', 'select', 'textarea', 'button']);

/** Starts the form model of a form element, with the labels that name its fields. */
export function startForm(context: WalkContext, element: Element): void {
  const { pageUrl } = context;
  const action = resolveUrl(getAttr(element, 'action') ?? '', pageUrl) ?? pageUrl;
  const method = (getAttr(element, 'method') ?? 'get').toLowerCase() === 'post' ? 'post' : 'get';
  const labelsByControl = new Map<Element, string>();
  const labelElements = new Set<Element>();
  const byId = new Map<string, Element>();
  for (const control of findElements(element, (e) => CONTROLS.has(e.tagName))) {
    const id = getAttr(control, 'id');
    if (id) byId.set(id, control);
  }
  for (const label of findElements(element, (e) => e.tagName === 'label')) {
    const text = collapse(labelText(label));
    if (!text) continue;
    const forId = getAttr(label, 'for');
    const target = forId ? byId.get(forId) : findElements(label, (e) => CONTROLS.has(e.tagName))[0];
    if (target) {
      labelsByControl.set(target, text);
      labelElements.add(label);
    }
  }
  const model: FormModel = { action, method, intro: [], fields: [], submitLabel: '' };
  // A sent message the page held before the form (./form-state.ts).
  if (context.pendingSentMessage !== undefined) model.sentMessage = context.pendingSentMessage;
  context.pendingSentMessage = undefined;
  context.form = {
    element,
    model,
    labelsByControl,
    labelElements,
    pending: [],
    hasSubmitLabel: false,
  };
}

/** Ends the form: a form block, or (a site search, a form without fields) dropped with its text kept. */
export function endForm(context: WalkContext): void {
  if (!context.form) return;
  const state = context.form;
  context.form = undefined;
  const { model } = state;
  const { textBlocks } = context;
  model.intro = state.pending;
  const isSearch =
    model.fields.length === 1 &&
    /^(?:q|s|query|search|keywords?|zoek\w*)$/i.test(model.fields[0]!.name);
  if (model.fields.length === 0 || isSearch) {
    context.dropped.push({
      kind: 'form',
      what: `${model.method.toUpperCase()} ${model.action}`,
      reason: isSearch ? 'A site search needs the original back end' : 'A form without fields',
    });
    if (model.sentMessage !== undefined)
      context.dropped.push({
        kind: 'form',
        what: `Form message "${model.sentMessage}"`,
        reason: FORM_STATE_REASON,
      });
    for (const text of model.intro) {
      textBlocks.push(text);
      emit(context, { kind: 'paragraph', inlines: [{ text }] });
    }
    return;
  }
  if (!model.submitLabel) model.submitLabel = 'Send';
  textBlocks.push(...model.intro);
  for (const field of model.fields) if (field.label) textBlocks.push(field.label);
  if (state.hasSubmitLabel) textBlocks.push(model.submitLabel);
  emit(context, { kind: 'form', form: model });
  context.lastForm = model;
}

/** A label that names a field of the form: its text is the field's label, not content. */
export function handleLabel(context: WalkContext, element: Element): boolean | undefined {
  if (!context.form?.labelElements.has(element)) return undefined;
  flush(context);
  context.labelDepth++;
  context.exits.set(element, () => context.labelDepth--);
  return true;
}

function labelText(label: Element): string {
  let text = '';
  walk(label, (node) => {
    if (node.nodeName === '#text') text += (node as { value: string }).value;
    if (isElement(node) && (CONTROLS.has(node.tagName) || node.tagName === 'script')) return false;
    return true;
  });
  return text;
}
