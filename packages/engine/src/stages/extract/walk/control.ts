/** Form fields and buttons: fields of the form the walk is inside, or dropped outside a form. */
import type { FormField } from '../../../model';
import type { Element } from '../dom';
import { collapse, findElements, getAttr, textContent } from '../dom';
import { flush } from './flush';
import { handleImage } from './image';
import type { WalkContext } from './walk-context';

/** An image button outside a form is an image; any other input is a field. */
export function handleInput(context: WalkContext, element: Element): boolean {
  if ((getAttr(element, 'type') ?? '').toLowerCase() === 'image' && !context.form)
    return handleImage(context, element);
  return handleControl(context, element);
}

/** A <button>: in a form its text can be the submit label; outside one its text is content. */
export function handleButton(context: WalkContext, element: Element): boolean {
  const { form } = context;
  if (!form) {
    // A button outside a form has no behaviour left; its text is still content.
    return true;
  }
  const type = (getAttr(element, 'type') ?? 'submit').toLowerCase();
  const text = collapse(textContent(element));
  if (type !== 'reset' && type !== 'button' && text && !form.model.submitLabel) {
    form.model.submitLabel = text;
    form.hasSubmitLabel = true;
  }
  return false;
}

/** Adds an input, select or textarea to the form (a submit input names the submit button). */
export function handleControl(context: WalkContext, element: Element): boolean {
  addControl(context, element);
  return false;
}

function addControl(context: WalkContext, element: Element): void {
  const { form } = context;
  const tag = element.tagName;
  const type = tag === 'input' ? (getAttr(element, 'type') ?? 'text').toLowerCase() : tag;
  if (!form) {
    if (tag !== 'button')
      context.dropped.push({
        kind: 'form',
        what: `${type} field outside a form`,
        reason: 'A field without a form does nothing',
      });
    return;
  }
  if (type === 'submit' || type === 'image' || type === 'button' || type === 'reset') {
    const label = collapse(getAttr(element, 'value') ?? getAttr(element, 'alt') ?? '');
    if (type !== 'reset' && label && !form.model.submitLabel) {
      form.model.submitLabel = label;
      form.hasSubmitLabel = true;
    }
    return;
  }
  if (type === 'hidden') return;
  const name =
    getAttr(element, 'name') ?? getAttr(element, 'id') ?? `field${form.model.fields.length + 1}`;
  let label =
    form.labelsByControl.get(element) ??
    collapse(getAttr(element, 'aria-label') ?? getAttr(element, 'title') ?? '');
  if (!label) {
    flush(context);
    const last = form.pending[form.pending.length - 1];
    // Table-laid-out forms put the label in the cell before the field: "Name:" | <input>.
    if (last && last.length <= 80) {
      label = last;
      form.pending.pop();
    }
  }
  if (!label) label = collapse(getAttr(element, 'placeholder') ?? '') || humanise(name);
  const field: FormField = {
    type,
    name,
    label,
    required: getAttr(element, 'required') !== undefined,
  };
  const placeholder = getAttr(element, 'placeholder');
  if (placeholder) field.placeholder = collapse(placeholder);
  const value = getAttr(element, 'value');
  if (value && type !== 'text' && type !== 'email' && type !== 'password') field.value = value;
  if (tag === 'select') {
    field.options = findElements(element, (e) => e.tagName === 'option').map((option) => {
      const text = collapse(textContent(option));
      return { value: getAttr(option, 'value') ?? text, label: text };
    });
  }
  if (tag === 'textarea') {
    const text = collapse(textContent(element));
    if (text) field.value = text;
  }
  form.model.fields.push(field);
}

function humanise(name: string): string {
  const words = name
    .replace(/[_\-[\]]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Field';
}
