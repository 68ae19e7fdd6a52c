import { use } from 'react';
import type { PageEntry } from '../content/types';
import { loadSections } from '../lib/page-content';
import { Section } from './Section';
import { Seo } from './Seo';

/** Renders one page of the site from its content (the layout shows a placeholder while it loads). */
export function PageView({ page }: { page: PageEntry }) {
  const found = loadSections(page);
  const sections = Array.isArray(found) ? found : use(found);
  return (
    <>
      <Seo
        title={page.title}
        description={page.description}
        route={page.route}
        language={page.language}
      />
      {sections.map((section, index) => (
        <Section key={section.id} section={section} index={index} />
      ))}
    </>
  );
}
