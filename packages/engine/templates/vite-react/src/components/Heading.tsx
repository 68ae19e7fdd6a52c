import type { InlineRun } from '../content/types';
import { InlineText } from './InlineText';

/** A section heading at its outline level (the page has exactly one h1). */
export function Heading({
  level,
  inlines,
  id,
  className,
}: {
  level: number;
  inlines: InlineRun[];
  id?: string;
  className?: string;
}) {
  const Tag = ('h' + Math.min(6, Math.max(1, level))) as 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
  return (
    <Tag id={id} className={className}>
      <InlineText runs={inlines} />
    </Tag>
  );
}
