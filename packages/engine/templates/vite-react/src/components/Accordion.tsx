import { useId, useState } from 'react';
import type { Block } from '../content/types';
import { Blocks } from './Blocks';

/**
 * An FAQ: each question opens its answer. Closed answers are collapsed (not removed) and inert, so
 * search engines and "find in page" still see them while keyboard focus skips them.
 */
export function Accordion({ blocks }: { blocks: Block[] }) {
  const id = useId();
  const level = Math.max(0, ...blocks.map((block) => (block.kind === 'heading' ? block.level : 0)));
  const first = blocks.findIndex((block) => block.kind === 'heading' && block.level === level);
  const intro = first < 0 ? blocks : blocks.slice(0, first);
  const items: { question: Block; answer: Block[] }[] = [];
  for (const block of first < 0 ? [] : blocks.slice(first)) {
    if (block.kind === 'heading' && block.level === level)
      items.push({ question: block, answer: [] });
    else items[items.length - 1]?.answer.push(block);
  }
  // The first answer opens, unless the original showed its answers closed: then the first it showed.
  const shown = items.some((item) => item.question.kind === 'heading' && item.question.collapsed)
    ? items.findIndex((item) => item.question.kind === 'heading' && !item.question.collapsed)
    : 0;
  const [open, setOpen] = useState<number | null>(shown < 0 ? null : shown);
  const Tag = ('h' + Math.min(6, Math.max(2, level))) as 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
  return (
    <>
      <Blocks blocks={intro} />
      <div className="accordion">
        {items.map((item, index) => {
          const isOpen = open === index;
          const question =
            item.question.kind === 'heading'
              ? item.question.inlines.map((run) => run.text).join('')
              : '';
          return (
            <div key={index} className={'accordion-item' + (isOpen ? ' is-open' : '')}>
              <Tag id={item.question.kind === 'heading' ? item.question.id : undefined}>
                <button
                  type="button"
                  id={id + '-q' + index}
                  aria-expanded={isOpen}
                  aria-controls={id + '-a' + index}
                  onClick={() => setOpen(isOpen ? null : index)}
                >
                  <span>{question}</span>
                  <svg
                    aria-hidden="true"
                    width="20"
                    height="20"
                    viewBox="0 0 20 20"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <path d="M5 8l5 5 5-5" />
                  </svg>
                </button>
              </Tag>
              <div
                id={id + '-a' + index}
                role="region"
                aria-labelledby={id + '-q' + index}
                className="accordion-panel"
                inert={!isOpen}
              >
                <Blocks blocks={item.answer} />
              </div>
            </div>
          );
        })}
      </div>
    </>
  );
}
