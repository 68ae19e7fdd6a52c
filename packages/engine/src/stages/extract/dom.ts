/**
 * Small helpers over parse5's default tree. Every walk here is iterative: old pages nest 10,000 deep
 * and a recursive walk would overflow the stack.
 */
import type { DefaultTreeAdapterMap } from 'parse5';

export { collapse } from '../../model';

/** Any parse5 node. */
export type Node = DefaultTreeAdapterMap['node'];
/** A parse5 element. */
export type Element = DefaultTreeAdapterMap['element'];
/** A parse5 parent node. */
export type ParentNode = DefaultTreeAdapterMap['parentNode'];

/** True when the node is an element. */
export function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

/** The node's children (none for text and comments). */
export function childrenOf(node: Node): Node[] {
  if (node.nodeName === 'template' && 'content' in node)
    return (node as { content: ParentNode }).content.childNodes;
  return 'childNodes' in node ? (node.childNodes as Node[]) : [];
}

/** An attribute's value, or undefined. */
export function getAttr(element: Element, name: string): string | undefined {
  for (const attr of element.attrs) if (attr.name === name) return attr.value;
  return undefined;
}

/** Visits every node in document order without recursion; `enter` returns false to skip a subtree. */
export function walk(
  root: Node,
  enter: (node: Node) => boolean | void,
  exit?: (node: Node) => void,
): void {
  const stack: { node: Node; index: number }[] = [];
  if (enter(root) === false) return;
  stack.push({ node: root, index: 0 });
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const children = childrenOf(frame.node);
    if (frame.index < children.length) {
      const child = children[frame.index++]!;
      if (enter(child) !== false) stack.push({ node: child, index: 0 });
    } else {
      stack.pop();
      exit?.(frame.node);
    }
  }
}

/** The first element (document order) matching the predicate. */
export function findElement(
  root: Node,
  predicate: (element: Element) => boolean,
): Element | undefined {
  let found: Element | undefined;
  walk(root, (node) => {
    if (found) return false;
    if (isElement(node) && predicate(node)) {
      found = node;
      return false;
    }
    return true;
  });
  return found;
}

/** Every element matching the predicate, in document order. */
export function findElements(root: Node, predicate: (element: Element) => boolean): Element[] {
  const out: Element[] = [];
  walk(root, (node) => {
    if (isElement(node) && predicate(node)) out.push(node);
  });
  return out;
}

/** The raw text content of a subtree (script and style excluded). */
export function textContent(root: Node): string {
  let text = '';
  walk(root, (node) => {
    if (node.nodeName === '#text') text += (node as { value: string }).value;
    if (node !== root && isElement(node) && (node.tagName === 'script' || node.tagName === 'style'))
      return false;
    return true;
  });
  return text;
}

/** Resolves a possibly relative URL against a base; undefined when it does not parse. */
export function resolveUrl(href: string, base: string): string | undefined {
  try {
    const url = new URL(href.trim(), base);
    url.hash = url.hash === '#' ? '' : url.hash;
    return url.href;
  } catch {
    return undefined;
  }
}

/**
 * True when the element is not content: a hidden input, or a hidden client-side template
 * (`{{name}}`, `<%= x %>`). Other hidden parts (tab panels, accordions, modals, dropdowns that jQuery
 * or Bootstrap hide with display:none) are content the visitor opens, and the rebuild shows them.
 */
export function isHidden(element: Element): boolean {
  if (element.tagName === 'input' && (getAttr(element, 'type') ?? '').toLowerCase() === 'hidden')
    return true;
  const style = getAttr(element, 'style');
  const hiddenByMarkup =
    getAttr(element, 'hidden') !== undefined ||
    (style !== undefined &&
      /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style));
  return hiddenByMarkup && /\{\{|\{%|<%|\$\{/.test(textContent(element));
}
