/**
 * Stub: generate writes this module for each site (every page's route, head tags and sections; all
 * but the start page's load on first view). The inline script never copies it into the project.
 */
import type { PageEntry } from '../types';

export const pages: PageEntry[] = [
  {
    route: '/',
    title: 'Example Bakery',
    description: 'Bread and cakes since 1998.',
    language: 'en',
    sections: [
      {
        id: 'welcome',
        variant: 'hero',
        heading: { level: 1, inlines: [{ text: 'Example Bakery' }] },
        blocks: [{ kind: 'paragraph', inlines: [{ text: 'Fresh every morning.' }] }],
      },
    ],
  },
  {
    route: '/menu',
    title: 'Menu | Example Bakery',
    description: 'What we bake.',
    language: 'en',
    load: () => Promise.resolve({ sections: [] }),
  },
];
