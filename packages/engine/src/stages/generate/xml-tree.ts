/**
 * XML files of the generated project (public/sitemap.xml, the favicon SVG) are built as a tree and
 * printed by one serializer, never concatenated (issue 11 item 2): every text and attribute value is
 * escaped for its context here, once, so a value of the original (a page address, a site's initial)
 * can never end an element or an attribute. The HTML counterpart is html-tree.ts.
 */

/** An XML element: its name, attributes (in order; undefined ones left out) and children. */
export interface XmlElement {
  name: string;
  attributes: [string, string][];
  children: (XmlElement | string)[];
}

/** A child of a built element: an element, a text, or nothing (left out). */
export type XmlChild = XmlElement | string | false | undefined;

const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

/** An element; a name that is not an XML name is a generator bug and throws. */
export function x(
  name: string,
  attributes: Record<string, string | number | undefined> = {},
  children: XmlChild[] = [],
): XmlElement {
  for (const key of [name, ...Object.keys(attributes)])
    if (!NAME.test(key)) throw new Error(`Not an XML name: ${key}`);
  return {
    name,
    attributes: Object.entries(attributes).flatMap(([key, value]) =>
      value === undefined ? [] : [[key, String(value)] as [string, string]],
    ),
    children: children.filter((child): child is XmlElement | string => !!child || child === ''),
  };
}

/** Text for XML: `&`, `<`, `>` escaped, and characters XML 1.0 cannot hold left out. */
export function escapeXmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeXmlText(value)
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;');
}

function print(element: XmlElement, indent: string | undefined, depth: number): string {
  const attributes = element.attributes.map(
    ([key, value]) => ` ${key}="${escapeAttribute(value)}"`,
  );
  const open = `<${element.name}${attributes.join('')}`;
  if (element.children.length === 0) return `${open}/>`;
  const onlyText = element.children.every((child) => typeof child === 'string');
  if (indent === undefined || onlyText) {
    const inner = element.children
      .map((child) =>
        typeof child === 'string' ? escapeXmlText(child) : print(child, indent, depth + 1),
      )
      .join('');
    return `${open}>${inner}</${element.name}>`;
  }
  const pad = indent.repeat(depth + 1);
  const inner = element.children
    .map(
      (child) =>
        `\n${pad}${typeof child === 'string' ? escapeXmlText(child) : print(child, indent, depth + 1)}`,
    )
    .join('');
  return `${open}>${inner}\n${indent.repeat(depth)}</${element.name}>`;
}

/**
 * A document: the XML declaration (unless `declaration` is false), the root element (children on
 * lines of their own, indented by `indent`, when given), and a final newline.
 */
export function toXmlDocument(
  root: XmlElement,
  { declaration = true, indent }: { declaration?: boolean; indent?: string } = {},
): string {
  return `${declaration ? '<?xml version="1.0" encoding="UTF-8"?>\n' : ''}${print(root, indent, 0)}\n`;
}
