import { icons } from '../content/icons';

/**
 * An icon of the original (an icon-font glyph such as Font Awesome's), drawn as inline SVG in the
 * text's colour and size. Decorative (hidden from screen readers) unless it is all a link says:
 * then `label` names it.
 */
export function Icon({ name, label }: { name: string; label?: string }) {
  const icon = icons[name];
  if (!icon) return null;
  return (
    <svg
      className="icon"
      viewBox={'0 0 ' + icon.width + ' ' + icon.height}
      width="1em"
      height="1em"
      fill="currentColor"
      focusable="false"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d={icon.path} />
    </svg>
  );
}

/** `fab:twitter` -> `Twitter`, `fas:phone-alt` -> `Phone alt`: the name of an icon that stands alone in a link. */
export function iconLabel(name: string): string {
  const words = (name.split(':')[1] ?? name).replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
