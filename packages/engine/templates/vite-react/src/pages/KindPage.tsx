import { Link } from 'react-router';
import { Aside } from '../components/Aside';
import { Blocks } from '../components/Blocks';
import { Heading } from '../components/Heading';
import { Seo } from '../components/Seo';
import type { KindPageContent, SectionData } from '../content/types';

/** The text column of a section: wider for code and tables. */
function columnClass(section: SectionData): string {
  return section.variant === 'doc' || section.variant === 'table'
    ? 'wrap content wide'
    : 'wrap content';
}

/**
 * Every page of this kind: the same frame (the title, the date when the page has one) around the
 * page's own content (src/content/), so a new page is a content module, not a new component. Its
 * blocks keep the original's alignment, as the site's other pages do.
 */
export default function KindPage({
  route,
  title,
  description,
  language,
  lead,
  heading,
  headingId,
  headingCentered,
  headingHref,
  date,
  sections,
  aside,
}: KindPageContent) {
  const [first, ...rest] = sections;
  const titleId = headingId ?? first.id + '-title';
  const content = (
    <>
      <section id={first.id} aria-labelledby={titleId} className="section">
        <div className={columnClass(first)}>
          {lead ? <Blocks blocks={lead} keepAlignment /> : null}
          <h1 id={titleId} className={headingCentered ? 'heading-center' : undefined}>
            {headingHref ? <Link to={headingHref}>{heading}</Link> : heading}
          </h1>
          {date ? <p>{date}</p> : null}
          <Blocks blocks={first.blocks} keepAlignment />
        </div>
      </section>
      {rest.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={section.heading ? section.id + '-title' : undefined}
          className={index % 2 === 0 ? 'section section-alt' : 'section'}
        >
          <div className={columnClass(section)}>
            {section.heading ? (
              <Heading
                level={section.heading.level}
                inlines={section.heading.inlines}
                id={section.id + '-title'}
                className={section.heading.align === 'center' ? 'heading-center' : undefined}
              />
            ) : null}
            <Blocks blocks={section.blocks} keepAlignment />
          </div>
        </section>
      ))}
    </>
  );
  return (
    <>
      <Seo title={title} description={description} route={route} language={language} />
      {aside ? (
        <Aside
          side={aside.side}
          width={aside.width}
          span={aside.span}
          label={aside.label}
          navigation={aside.isNavigation}
          fill={aside.fill}
          text={aside.text}
          content={<Blocks blocks={aside.blocks} keepAlignment />}
        >
          {content}
        </Aside>
      ) : (
        content
      )}
    </>
  );
}
