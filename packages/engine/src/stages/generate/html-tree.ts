/**
 * HTML files of the generated project (index.html) are built as a parse5 tree and printed by parse5's
 * serializer, never concatenated: the serializer escapes every text and attribute value for its
 * context (`&`, `<`, `>` in text; `&`, `"` in attributes), and leaves a <script>'s text as it is
 * (JSON for a script is made safe by toScriptJson). Decision record 019.
 */
import {
  defaultTreeAdapter as adapter,
  html,
  serialize,
  type DefaultTreeAdapterTypes,
} from 'parse5';

type Element = DefaultTreeAdapterTypes.Element;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;

/** A child of a built element: a node, a string (a text node), or nothing (left out). */
export type HtmlChild = ChildNode | string | false | undefined;

/** An HTML element; attributes whose value is undefined are left out, the others kept in order. */
export function h(
  tag: string,
  attributes: Record<string, string | undefined> = {},
  children: HtmlChild[] = [],
): Element {
  const attrs = Object.entries(attributes).flatMap(([name, value]) =>
    value === undefined ? [] : [{ name, value }],
  );
  const element = adapter.createElement(tag, html.NS.HTML, attrs);
  for (const child of children) append(element, child);
  return element;
}

/** An HTML comment (`<!--app-html-->`: a mark the prerender script replaces). */
export function comment(data: string): ChildNode {
  return adapter.createCommentNode(data);
}

function append(parent: DefaultTreeAdapterTypes.ParentNode, child: HtmlChild): void {
  if (child === false || child === undefined) return;
  adapter.appendChild(parent, typeof child === 'string' ? adapter.createTextNode(child) : child);
}

/**
 * `element` with its children on lines of their own, indented two spaces a level below `depth`
 * (the element's own level), and theirs the same way. An element with text, or with no element in
 * it, is kept as it is: `<title>`, a script, and the app's root `<div id="root"><!--app-html--></div>`
 * (whitespace there would break hydration).
 */
export function indent(element: Element, depth = 0): Element {
  const children = [...adapter.getChildNodes(element)];
  if (children.some((node) => adapter.isTextNode(node))) return element;
  if (!children.some((node) => adapter.isElementNode(node))) return element;
  for (const child of children) adapter.detachNode(child);
  for (const child of children) {
    append(element, `\n${'  '.repeat(depth + 1)}`);
    append(element, adapter.isElementNode(child) ? indent(child, depth + 1) : child);
  }
  append(element, `\n${'  '.repeat(depth)}`);
  return element;
}

/** A whole HTML document: `<!DOCTYPE html>`, the root element, a final newline. */
export function toHtmlDocument(root: Element): string {
  const document = adapter.createDocument();
  adapter.setDocumentType(document, 'html', '', '');
  append(document, '\n');
  append(document, root);
  append(document, '\n');
  return serialize(document);
}
