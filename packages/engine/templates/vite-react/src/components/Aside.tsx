import type { CSSProperties, ReactNode } from 'react';

/**
 * A page's sidebar beside its content, as the original showed it (the sidebar layout block at the
 * end of styles/base.css): on its side at 1024 px and wider, as wide as the original's; after the
 * content on narrower screens. A `<nav>` named by `label` when it is navigation, else an `<aside>`.
 */
export function Aside({
  side,
  width,
  span,
  label,
  navigation,
  fill,
  text,
  content,
  children,
}: {
  side: 'left' | 'right';
  /** The original's width at 1440 px, in CSS px. */
  width: number;
  /** The sidebar and the content together in the original (px at 1440): the layout's width. */
  span?: number;
  label?: string;
  navigation?: boolean;
  /** The original's fill of the sidebar and its words' colour (they pass AA together). */
  fill?: string;
  text?: string;
  /** What the sidebar holds. */
  content: ReactNode;
  /** The page's sections. */
  children: ReactNode;
}) {
  const style = {
    '--aside-width': `${Math.round(width)}px`,
    ...(span ? { '--aside-span': `${Math.round(span)}px` } : {}),
    ...(fill && text ? { '--aside-fill': fill, '--aside-text': text } : {}),
  } as CSSProperties;
  const named = label ? { 'aria-label': label } : {};
  return (
    <div
      className={'with-aside aside-' + side + (fill && text ? ' aside-filled' : '')}
      style={style}
    >
      <div className="page-main">{children}</div>
      {navigation ? (
        <nav {...named} className="page-aside content">
          {content}
        </nav>
      ) : (
        <aside {...named} className="page-aside content">
          {content}
        </aside>
      )}
    </div>
  );
}
