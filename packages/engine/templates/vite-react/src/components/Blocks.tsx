import type { CSSProperties } from 'react';
import type { Block, InlineRun, PanelData } from '../content/types';
import { Carousel, ItemGrid } from './Carousel';
import { ContactForm } from './ContactForm';
import { Dialog } from './Dialog';
import { Heading } from './Heading';
import { InlineText } from './InlineText';
import { Picture } from './Picture';
import { Tabs } from './Tabs';

/** A paragraph that is a single short link ("Tell me more") reads as a call to action. */
function isCallToAction(runs: InlineRun[]): boolean {
  const only = runs.length === 1 ? runs[0] : undefined;
  return !!only?.href && only.text.length <= 40;
}

type ListBlock = Extract<Block, { kind: 'list' }>;

/** A layout row at most this wide (px) stays a row on a phone (as the original's small table did). */
const PHONE_ROW_PX = 340;

/**
 * A dated, priced or compact list: its class, and each item's cells drawn side by side (the date
 * or the price is one run of its own: the item's first or last).
 */
function toShapedList(
  block: ListBlock,
): { className: string; split: (item: InlineRun[]) => [string, InlineRun[]][] } | undefined {
  if (block.dated === 'start')
    return {
      className: 'list-dated',
      split: (item) => [
        ['list-date', item.slice(0, 1)],
        ['list-entry', item.slice(1)],
      ],
    };
  if (block.dated === 'end')
    return {
      className: 'list-dated date-end',
      split: (item) => [
        ['list-entry', item.slice(0, -1)],
        ['list-date', item.slice(-1)],
      ],
    };
  if (block.priced)
    return {
      className: 'list-priced',
      split: (item) => [
        ['price-name', item.slice(0, -1)],
        ['price', item.slice(-1)],
      ],
    };
  if (block.compact) return { className: 'list-compact', split: (item) => [['list-entry', item]] };
  return undefined;
}

/** Class names joined, or undefined when there are none. */
function classes(...names: (string | false | undefined)[]): string | undefined {
  return names.filter(Boolean).join(' ') || undefined;
}

/**
 * One content block of the original page, in modern markup. `keepAlignment`: drawn where the
 * original drew it (a centred line centred, a centred row of links), for a project that keeps the
 * original's layout; without it, every block takes the design's own alignment. A list the
 * original showed in a row is drawn as a row either way.
 */
export function BlockView({ block, keepAlignment }: { block: Block; keepAlignment?: boolean }) {
  switch (block.kind) {
    case 'paragraph': {
      const text = <InlineText runs={block.inlines} />;
      const centre = keepAlignment && block.align === 'center' && 'center';
      // The original's own size step and colour (an old page's <font>), where plan kept them.
      const tone = block.tone?.step ? `tone-${block.tone.step}` : undefined;
      // The size the original's CSS set it in: base.css's `sized`, from its variables.
      const font = block.tone?.font;
      // A boxed title cell's fill: base.css's `filled`.
      const fill = block.tone?.fill;
      const ink =
        block.tone?.color || font || fill
          ? ({
              ...(block.tone?.color ? { color: block.tone.color } : {}),
              ...(fill ? { '--p-fill': fill } : {}),
              ...(font ? { '--p-size': String(font.scale) } : {}),
              ...(font?.leading ? { '--p-leading': String(font.leading) } : {}),
              ...(font?.bold ? { fontWeight: 700 } : {}),
              ...(font?.italic ? { fontStyle: 'italic' } : {}),
            } as CSSProperties)
          : undefined;
      if (block.role === 'quote')
        return <blockquote className={classes(centre)}>{text}</blockquote>;
      if (block.role === 'address') return <address className={classes(centre)}>{text}</address>;
      if (block.role === 'caption') return <p className={classes('caption', centre)}>{text}</p>;
      if (block.role === 'term') return <p className={classes('term', centre)}>{text}</p>;
      if (isCallToAction(block.inlines)) return <p className={classes('cta', centre)}>{text}</p>;
      // An icon standing alone above a feature (Font Awesome's big circled glyphs) stays a big one.
      if (block.inlines.length > 0 && block.inlines.every((run) => run.icon && !run.href))
        return <p className={classes('icon-lead', centre)}>{text}</p>;
      return (
        <p className={classes(tone, font && 'sized', fill && 'filled', centre)} style={ink}>
          {text}
        </p>
      );
    }
    case 'heading':
      return (
        <Heading
          level={block.level}
          inlines={block.inlines}
          id={block.id}
          className={keepAlignment && block.align === 'center' ? 'heading-center' : undefined}
        />
      );
    case 'list': {
      const shaped = toShapedList(block);
      if (shaped)
        return (
          <ul className={shaped.className}>
            {block.items.map((item, index) => (
              <li key={index}>
                {shaped.split(item).map(([className, runs]) => (
                  <span key={className} className={className}>
                    <InlineText runs={runs} />
                  </span>
                ))}
              </li>
            ))}
          </ul>
        );
      const items = block.items.map((item, index) => (
        <li key={index}>
          <InlineText runs={item} />
        </li>
      ));
      if (block.breadcrumb)
        return (
          <nav aria-label="Breadcrumb">
            <ol className="breadcrumb">{items}</ol>
          </nav>
        );
      // A row the original showed (a pager, icons, filter pills) stays a row in every design:
      // that is its layout, not an alignment; its centring is kept only where asked.
      const inline = block.inline
        ? classes('list-inline', keepAlignment && block.align === 'center' && 'center')
        : undefined;
      return block.ordered ? (
        <ol start={block.start} className={inline}>
          {items}
        </ol>
      ) : (
        <ul className={inline}>{items}</ul>
      );
    }
    case 'table': {
      // A cell spanning rows or columns, or heading its row (a timetable's session, its time).
      const markOf = (row: number, cell: number) =>
        block.cells?.find((mark) => mark.row === row && mark.cell === cell);
      const head = block.head.length;
      const grid = block.cells?.some((mark) => mark.rows || mark.columns);
      return (
        <div className="table-wrap">
          <table className={grid ? 'spanning' : undefined}>
            {block.caption ? <caption>{block.caption}</caption> : null}
            {head > 0 ? (
              <thead>
                {block.head.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, c) => (
                      <th
                        key={c}
                        scope="col"
                        rowSpan={markOf(r, c)?.rows}
                        colSpan={markOf(r, c)?.columns}
                      >
                        <InlineText runs={cell} />
                      </th>
                    ))}
                  </tr>
                ))}
              </thead>
            ) : null}
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => {
                    const mark = markOf(head + r, c);
                    return mark?.head ? (
                      <th key={c} scope="row" rowSpan={mark.rows} colSpan={mark.columns}>
                        <InlineText runs={cell} />
                      </th>
                    ) : (
                      <td key={c} rowSpan={mark?.rows} colSpan={mark?.columns}>
                        <InlineText runs={cell} />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case 'image':
      return (
        <figure
          className={
            block.float ? 'beside-' + block.float : keepAlignment ? block.align : undefined
          }
          style={
            !block.float && block.image.drawnWidth
              ? { maxWidth: 'max(var(--measure, 46rem), ' + block.image.drawnWidth + 'px)' }
              : undefined
          }
        >
          <Picture image={block.image} />
          {block.caption ? <figcaption>{block.caption}</figcaption> : null}
        </figure>
      );
    case 'pre':
      return block.plain ? <pre className="pre-plain">{block.text}</pre> : <pre>{block.text}</pre>;
    case 'form':
      return <ContactForm form={block.form} />;
    case 'rule':
      return <hr />;
    case 'tabs':
      return (
        <Tabs
          label={block.label}
          tabs={block.tabs.map((tab) => ({
            id: tab.id,
            label: tab.label,
            content: <Blocks blocks={tab.blocks} keepAlignment={keepAlignment} />,
          }))}
        />
      );
    case 'carousel':
      return (
        <Carousel
          slides={block.slides.map((slide) => toSlide(slide, 'carousel-image', keepAlignment))}
          band={block.band}
        />
      );
    case 'items':
      if (block.widths)
        // A layout row of the original (a title and its date, a picture beside its text): its
        // columns side by side at their shares from 768 px, one under the other on a phone.
        return (
          <div
            className={classes(
              'layout-row',
              block.align === 'center' && 'center',
              block.rowWidth !== undefined && block.rowWidth <= PHONE_ROW_PX && 'fits-phone',
            )}
            style={{
              gridTemplateColumns: block.widths
                .map((width) => Number(width.toFixed(1)) + 'fr')
                .join(' '),
              ...(block.rowWidth !== undefined ? { maxWidth: block.rowWidth } : {}),
            }}
          >
            {block.items.map((item, index) => (
              <div key={index}>
                <Blocks blocks={item.blocks} keepAlignment={keepAlignment} />
              </div>
            ))}
          </div>
        );
      return (
        <ItemGrid
          columns={block.columns}
          items={block.items.map((item) => toSlide(item, 'item-image', keepAlignment))}
          boxed={block.boxed}
        />
      );
    case 'dialog':
      return (
        <Dialog id={block.id} title={block.title}>
          <Blocks blocks={block.blocks} keepAlignment={keepAlignment} />
        </Dialog>
      );
  }
}

/** A slide or item: its picture and its blocks, rendered. */
function toSlide(panel: PanelData, className: string, keepAlignment?: boolean) {
  return {
    picture: panel.image ? <Picture image={panel.image} className={className} /> : undefined,
    content: <Blocks blocks={panel.blocks} keepAlignment={keepAlignment} />,
  };
}

type ImageBlock = Extract<Block, { kind: 'image' }>;
type ParagraphBlock = Extract<Block, { kind: 'paragraph' }>;
/** Pictures the original showed on one line, and the label that ended their line. */
type RowBlock = ImageBlock | ParagraphBlock;

/**
 * Blocks, with the images the original showed side by side (`inline`) gathered into their rows,
 * with the label beside them.
 */
function toRows(blocks: Block[]): (Block | RowBlock[])[] {
  const out: (Block | RowBlock[])[] = [];
  for (const block of blocks) {
    const last = out[out.length - 1];
    if (block.kind === 'image' && block.inline) {
      if (Array.isArray(last) && block.inline === 'continue' && isOpenRow(last)) last.push(block);
      else out.push([block]);
    } else if (block.kind === 'paragraph' && block.inline && Array.isArray(last) && isOpenRow(last))
      last.push(block);
    else out.push(block);
  }
  return out;
}

/** A row no label has ended yet. */
function isOpenRow(row: RowBlock[]): boolean {
  return row[row.length - 1]?.kind === 'image';
}

/** A picture of a row, or its label (in the label's own colour). */
function RowItem({ block }: { block: RowBlock }) {
  if (block.kind === 'image') return <Picture image={block.image} className="image-row-item" />;
  return (
    <span
      className={classes('image-row-label', !!block.tone?.step && `tone-${block.tone.step}`)}
      style={block.tone?.color ? { color: block.tone.color } : undefined}
    >
      <InlineText runs={block.inlines} />
    </span>
  );
}

/** A list of blocks (`keepAlignment`: see BlockView). */
export function Blocks({ blocks, keepAlignment }: { blocks: Block[]; keepAlignment?: boolean }) {
  return (
    <>
      {toRows(blocks).map((block, index) =>
        Array.isArray(block) ? (
          <p key={index} className="image-row">
            {block.map((item, i) => (
              <RowItem key={i} block={item} />
            ))}
          </p>
        ) : (
          <BlockView key={index} block={block} keepAlignment={keepAlignment} />
        ),
      )}
    </>
  );
}
