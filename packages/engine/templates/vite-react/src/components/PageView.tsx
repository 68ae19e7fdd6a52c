import { Fragment, use } from 'react';
import type { Block, PageEntry } from '../content/types';
import { Aside } from './Aside';
import { Blocks } from './Blocks';
import { loadSections } from '../lib/page-content';
import { Heading } from './Heading';
import { Section } from './Section';
import { Seo } from './Seo';

/** Renders one page of the site from its content (the layout shows a placeholder while it loads). */
export function PageView({ page }: { page: PageEntry }) {
  const found = loadSections(page);
  const sections = Array.isArray(found) ? found : use(found);
  // The page's sidebar rides on its first section; it is drawn beside them all.
  const aside = sections[0]?.aside;
  // Sections the original showed above the sidebar's columns (a banner across the page) stay above.
  const at = aside?.besideFrom ? sections.findIndex((s) => s.id === aside.besideFrom) : -1;
  const views = sections.map((section, index) =>
    section.heading?.visuallyHidden ? (
      // A title the original did not show: for screen readers and search engines only (issue 12).
      <Fragment key={section.id}>
        <Heading
          level={section.heading.level}
          inlines={section.heading.inlines}
          className="sr-only"
        />
        {section.blocks.length > 0 ? (
          <Section section={{ ...section, heading: undefined }} index={index} />
        ) : null}
      </Fragment>
    ) : (
      <Section key={section.id} section={section} index={index} />
    ),
  );
  return (
    <>
      <Seo
        title={page.title}
        description={page.description}
        route={page.route}
        language={page.language}
      />
      {aside ? (
        <Aside
          side={aside.side}
          width={aside.width}
          span={aside.span}
          label={toAsideLabel(aside.blocks)}
          navigation={aside.isNavigation}
          fill={aside.fill}
          text={aside.text}
          content={<Blocks blocks={aside.blocks} />}
          above={at > 0 ? views.slice(0, at) : undefined}
        >
          {at > 0 ? views.slice(at) : views}
        </Aside>
      ) : (
        views
      )}
    </>
  );
}

/** The words a sidebar is named by: its first heading's, else its first line's (at most 60 characters). */
function toAsideLabel(blocks: Block[]): string {
  const first =
    blocks.find((block) => block.kind === 'heading') ??
    blocks.find((block) => block.kind === 'paragraph' || block.kind === 'list');
  const runs =
    first?.kind === 'list'
      ? (first.items[0] ?? [])
      : first?.kind === 'heading' || first?.kind === 'paragraph'
        ? first.inlines
        : [];
  const label = runs
    .map((run) => run.text)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return label.length > 60 ? label.slice(0, 59).trimEnd() + '…' : label;
}
