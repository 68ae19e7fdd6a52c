import type { CSSProperties } from 'react';
import type { Block, ImageData, SectionData } from '../content/types';
import { Accordion } from './Accordion';
import { Blocks } from './Blocks';
import { Gallery } from './Gallery';
import { Heading } from './Heading';
import { InlineText } from './InlineText';
import { Picture } from './Picture';

function imagesOf(blocks: Block[]): ImageData[] {
  return blocks.flatMap((block) => (block.kind === 'image' ? [block.image] : []));
}

/** A picture four times as wide as high or more: a line of words drawn as a picture, a rule. */
function isStrip(image: ImageData): boolean {
  const { width, height } = image;
  return width !== undefined && height !== undefined && height > 0 && width / height >= 4;
}

/** A picture at least 640 px wide and 1.7 times as wide as high (a banner, a panorama). */
function isWide(image: ImageData): boolean {
  const { width, height } = image;
  return (
    width !== undefined &&
    height !== undefined &&
    height > 0 &&
    width >= 640 &&
    width / height >= 1.7
  );
}

/** A section of a page. */
export function Section({ section, index }: { section: SectionData; index: number }) {
  const { heading, blocks, variant } = section;
  const headingId = heading ? section.id + '-title' : undefined;
  const title = heading ? (
    <Heading
      level={heading.level}
      inlines={heading.inlines}
      id={headingId}
      className={heading.align === 'center' ? 'heading-center' : undefined}
    />
  ) : null;
  const tone = index % 2 === 1 ? ' section-alt' : '';
  if (section.collapsed && title) {
    // Closed as the original's panel was (an FAQ's answer): the question opens it, every word kept.
    return (
      <section id={section.id} aria-labelledby={headingId} className="section section-collapsed">
        <div className="wrap content">
          <details className="disclosure">
            <summary>{title}</summary>
            <Blocks blocks={blocks} />
          </details>
        </div>
      </section>
    );
  }
  if (variant === 'hero' && section.backdrop?.shownHeight !== undefined) {
    // A picture band with no words over it (issue 23): the whole picture, as high as the
    // original's band at most, edge to edge on the page's ground.
    return (
      <section
        id={section.id}
        aria-labelledby={headingId}
        className="section hero-picture"
        style={{ maxHeight: section.backdrop.shownHeight }}
      >
        <Picture image={section.backdrop.image} className="hero-picture-image" />
        {title || blocks.length > 0 ? (
          <div className="wrap content">
            {title}
            <Blocks blocks={blocks} />
          </div>
        ) : null}
      </section>
    );
  }
  if (variant === 'hero' && section.backdrop) {
    // The original's full-bleed picture behind the words, under a scrim dark enough for white text.
    const { image, overlay, plate } = section.backdrop;
    const scrim = {
      ...(overlay ? { backgroundColor: overlay } : {}),
      ...(plate !== undefined ? { '--hero-plate': String(plate) } : {}),
    } as CSSProperties;
    return (
      <section id={section.id} aria-labelledby={headingId} className="section hero hero-backdrop">
        <Picture image={image} className="hero-backdrop-image" />
        <div className="hero-scrim" style={Object.keys(scrim).length > 0 ? scrim : undefined} />
        <div className="wrap hero-text content">
          {title}
          <Blocks blocks={blocks} />
        </div>
      </section>
    );
  }
  if (variant === 'hero') {
    // Only a picture-sized image stands beside the headline; icons and buttons stay in the text.
    const image = blocks.find(
      (block) =>
        block.kind === 'image' && (block.image.width ?? 400) >= 240 && !isStrip(block.image),
    );
    const rest = blocks.filter((block) => block !== image);
    if (image && image.kind === 'image' && isWide(image.image)) {
      // A wide picture beside the words would shrink to under half its width: it spans the hero,
      // under its headline when it opened the section (the hero's own picture), else where the
      // original showed it among the words.
      const at = blocks.indexOf(image);
      const headline =
        at > 0 ? at : title ? 0 : rest.findIndex((block) => block.kind === 'heading') + 1;
      return (
        <section id={section.id} aria-labelledby={headingId} className="section hero">
          <div className="wrap hero-grid">
            <div className="hero-text content">
              {title}
              <Blocks blocks={rest.slice(0, headline)} />
              <Picture image={image.image} className="hero-image hero-image-wide" />
              <Blocks blocks={rest.slice(headline)} />
            </div>
          </div>
        </section>
      );
    }
    return (
      <section id={section.id} aria-labelledby={headingId} className="section hero">
        <div className={'wrap hero-grid' + (image ? ' has-image' : '')}>
          <div className="hero-text content">
            {title}
            <Blocks blocks={rest} />
          </div>
          {image && image.kind === 'image' ? (
            <Picture image={image.image} className="hero-image" />
          ) : null}
        </div>
      </section>
    );
  }
  if (variant === 'gallery') {
    const others = blocks.filter((block) => block.kind !== 'image');
    return (
      <section id={section.id} aria-labelledby={headingId} className={'section' + tone}>
        <div className="wrap content">
          {title}
          <Blocks blocks={others} />
          <Gallery images={imagesOf(blocks)} />
        </div>
      </section>
    );
  }
  if (variant === 'accordion') {
    return (
      <section id={section.id} aria-labelledby={headingId} className={'section' + tone}>
        <div className="wrap content">
          {title}
          <Accordion blocks={blocks} />
        </div>
      </section>
    );
  }
  if (variant === 'cards') {
    // The deepest headings start the cards; what comes before them is the intro. When the first of
    // them has a picture right before it, each such picture starts its card (a thumbnail on top).
    const cardLevel = Math.max(
      0,
      ...blocks.map((block) => (block.kind === 'heading' ? block.level : 0)),
    );
    const isCardHeading = (block: Block | undefined) =>
      block?.kind === 'heading' && block.level === cardLevel;
    const firstHeading = blocks.findIndex(isCardHeading);
    const imageFirst = blocks[firstHeading - 1]?.kind === 'image';
    const start = imageFirst ? firstHeading - 1 : firstHeading;
    const intro =
      firstHeading < 0 ? blocks.filter((block) => block.kind !== 'list') : blocks.slice(0, start);
    const groups: Block[][] = [];
    if (firstHeading >= 0) {
      blocks.slice(start).forEach((block, i, rest) => {
        const starts =
          imageFirst && block.kind === 'image'
            ? isCardHeading(rest[i + 1])
            : isCardHeading(block) && !(imageFirst && rest[i - 1]?.kind === 'image');
        if (starts) groups.push([block]);
        else groups[groups.length - 1]?.push(block);
      });
    }
    return (
      <section id={section.id} aria-labelledby={headingId} className={'section' + tone}>
        <div className="wrap content">
          {title}
          <Blocks blocks={intro} />
          <ul className="cards">
            {firstHeading >= 0
              ? groups.map((group, i) => (
                  <li key={i} className="card">
                    <Blocks blocks={group} />
                  </li>
                ))
              : blocks.flatMap((block) =>
                  block.kind === 'list'
                    ? block.items.map((item, i) => (
                        <li key={i} className="card">
                          <InlineText runs={item} />
                        </li>
                      ))
                    : [],
                )}
          </ul>
        </div>
      </section>
    );
  }
  return (
    <section
      id={section.id}
      aria-labelledby={headingId}
      className={'section variant-' + variant + tone}
    >
      <div className={'wrap content' + (variant === 'doc' || variant === 'table' ? ' wide' : '')}>
        {title}
        <Blocks blocks={blocks} />
      </div>
    </section>
  );
}
