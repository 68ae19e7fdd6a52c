/**
 * A form's states (issue 23): messages the original hid at load and revealed by script once its form
 * was used, such as "Thank you! Your message was sent." or "*This is not a valid email address.".
 * They are not content: shown as paragraphs they would greet every visitor with a result of a form
 * nobody sent. A sent message becomes the rebuilt form's own (`FormModel.sentMessage`, shown after a
 * successful submit); any other state is left out and listed as not carried. Neither counts for text
 * coverage: the original did not show them at load.
 *
 * Decided by kind, never by class names. Hidden at load: the `hidden` attribute, an inline
 * `display: none` / `visibility: hidden`, `aria-hidden="true"`, or the identity probe's mark of what
 * the browser rendered hidden (PROBE_MARKS.hidden, stylesheets included). A form's: inside the form,
 * beside it (a sibling holding the form), named by a field (`aria-describedby`,
 * `aria-errormessage`), an alert or status, or words that read as a form's answer on a page with a
 * form. Hidden content that something else opens stays content: what an in-page link or toggle
 * targets (tab panels, collapsed answers, dialogs), the root of a walk of its own (a panel, a slide),
 * and anything with a heading, a field or a table, or longer than a message.
 */
import type { FormModel } from '../../../model';
import type { Element, Node } from '../dom';
import {
  childrenOf,
  collapse,
  findElement,
  findElements,
  getAttr,
  isElement,
  textContent,
} from '../dom';
import { CONTROLS, FORM_STATE_REASON } from './form';
import type { WalkContext } from './walk-context';
import { PROBE_MARKS } from '../../../measure/probe-marks';

/** Longer than this, a hidden text is content (an answer, a panel), not a message. */
const MAX_MESSAGE_LENGTH = 300;

const NOT_A_MESSAGE = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'form',
  'input',
  'select',
  'textarea',
  'table',
  'nav',
]);

const INLINE_HIDDEN = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/** Words of a form's answer that something went well. */
const SENT =
  /\b(?:thank(?:s| you)|sent|submitted|received|delivered|successfully|success|we(?:'ll| will) (?:get back|reply|respond|contact|be in touch))\b|\b(?:bedankt|verzonden|verstuurd|danke|gesendet|versendet|merci|envoyé|gracias|enviado|grazie|inviato)/i;

/** Words of a form's answer that something is wrong or missing. */
const NOT_SENT =
  /\b(?:not|never|error|invalid|required|please|must|failed|could ?n[o']t|cannot|\w+n't|unable|sorry|wrong|missing|enter (?:a|your))\b|\b(?:fout|ongeldig|verplicht|fehler|ungültig|erforderlich|erreur|invalide|obligatoire|inválido|obligatorio)/i;

/**
 * Words that read as a form's answer wherever they stand: the form or message was sent, or a field
 * was filled in wrong. Narrower than SENT and NOT_SENT, which only tell the two kinds apart.
 */
const FORM_ANSWER =
  /\b(?:thank(?:s| you) for (?:your (?:message|enquiry|inquiry|request|submission|e-?mail)|contacting|getting in touch|writing|subscribing|signing up)|(?:message|form|request|enquiry|inquiry|submission|e-?mail) (?:has been |was |is )?(?:successfully )?(?:sent|submitted|received|delivered)|(?:not (?:a )?valid|invalid|enter (?:a |your )?(?:valid )?)\s*(?:e-?mail|email address|phone(?: number)?|name|message)|(?:this )?field is required)\b/i;

/** What the walk needs to know of the whole document, read once per document. */
interface DocumentFacts {
  /** Ids that an in-page link or a toggle targets: something else opens them. */
  targeted: Set<string>;
  /** Ids a form field names as its description or error message. */
  describing: Set<string>;
  hasForm: boolean;
}

const factsByDocument = new WeakMap<Node, DocumentFacts>();

function parentOf(node: Node): Node | null {
  return (node as { parentNode?: Node | null }).parentNode ?? null;
}

export function documentOf(element: Element): Node {
  let node: Node = element;
  for (let parent = parentOf(node); parent; parent = parentOf(parent)) node = parent;
  return node;
}

function readFacts(document: Node): DocumentFacts {
  const cached = factsByDocument.get(document);
  if (cached) return cached;
  const targeted = new Set<string>();
  const describing = new Set<string>();
  let hasForm = false;
  for (const element of findElements(document, () => true)) {
    if (element.tagName === 'form') hasForm = true;
    for (const name of ['href', 'data-target', 'data-bs-target']) {
      const id = /^#([\w:.-]+)$/.exec(getAttr(element, name)?.trim() ?? '')?.[1];
      if (id) targeted.add(id);
    }
    for (const id of (getAttr(element, 'aria-controls') ?? '').split(/\s+/))
      if (id) targeted.add(id);
    if (CONTROLS.has(element.tagName))
      for (const name of ['aria-describedby', 'aria-errormessage'])
        for (const id of (getAttr(element, name) ?? '').split(/\s+/)) if (id) describing.add(id);
  }
  const facts = { targeted, describing, hasForm };
  factsByDocument.set(document, facts);
  return facts;
}

/** Hidden at load by its markup, or rendered hidden as the identity probe saw it. */
export function isHiddenAtLoad(element: Element): boolean {
  return (
    getAttr(element, 'hidden') !== undefined ||
    INLINE_HIDDEN.test(getAttr(element, 'style') ?? '') ||
    (getAttr(element, 'aria-hidden') ?? '').trim().toLowerCase() === 'true' ||
    getAttr(element, PROBE_MARKS.hidden) !== undefined
  );
}

function couldBeMessage(context: WalkContext, element: Element, text: string): boolean {
  // A label hidden by a placeholder-labelled form still names its field.
  if (element.tagName === 'label' || context.form?.labelElements.has(element)) return false;
  if (!/\p{L}{2}/u.test(text) || text.length > MAX_MESSAGE_LENGTH) return false;
  if (getAttr(element, 'role') === 'tabpanel') return false;
  return !findElement(element, (e) => e !== element && NOT_A_MESSAGE.has(e.tagName));
}

function isBesideForm(element: Element): boolean {
  const parent = parentOf(element);
  if (!parent) return false;
  return childrenOf(parent).some(
    (sibling) =>
      sibling !== element &&
      isElement(sibling) &&
      findElement(sibling, (e) => e.tagName === 'form') !== undefined,
  );
}

function belongsToForm(
  context: WalkContext,
  element: Element,
  text: string,
  facts: DocumentFacts,
): boolean {
  if (context.form) return true;
  const id = getAttr(element, 'id');
  if (id && facts.describing.has(id)) return true;
  const role = (getAttr(element, 'role') ?? '').trim().toLowerCase();
  if (!facts.hasForm) return false;
  if (role === 'alert' || role === 'status') return true;
  return isBesideForm(element) || FORM_ANSWER.test(text);
}

/** True when the text reads as the form's answer that it was sent (and not as a complaint). */
function isSentMessage(text: string): boolean {
  return SENT.test(text) && !NOT_SENT.test(text);
}

/**
 * A form state the walk meets: kept out of the content (and of the text blocks), a sent message
 * carried into its form. Returns whether the element was one.
 */
export function handleFormState(context: WalkContext, element: Element): boolean {
  if (element === context.root || !isHiddenAtLoad(element)) return false;
  const text = collapse(textContent(element));
  if (!couldBeMessage(context, element, text)) return false;
  const facts = readFacts(documentOf(element));
  const id = getAttr(element, 'id');
  if (id && facts.targeted.has(id)) return false;
  if (!belongsToForm(context, element, text, facts)) return false;
  if (isSentMessage(text) && carrySentMessage(context, text)) return true;
  context.dropped.push({
    kind: 'form',
    what: `Form message "${text}"`,
    reason: FORM_STATE_REASON,
  });
  return true;
}

/** Gives the sent message to the form it is in, the form before it, or the next form. */
function carrySentMessage(context: WalkContext, text: string): boolean {
  const form: FormModel | undefined = context.form?.model ?? context.lastForm;
  if (form) {
    if (form.sentMessage !== undefined) return false;
    form.sentMessage = text;
    return true;
  }
  if (context.pendingSentMessage !== undefined) return false;
  context.pendingSentMessage = text;
  return true;
}

/** A sent message met before any form that no form took: listed as not carried. */
export function dropPendingSentMessage(context: WalkContext): void {
  const text = context.pendingSentMessage;
  if (text === undefined) return;
  context.pendingSentMessage = undefined;
  context.dropped.push({
    kind: 'form',
    what: `Form message "${text}"`,
    reason: FORM_STATE_REASON,
  });
}
