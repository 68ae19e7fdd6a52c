/** A PageProbe for extract's unit tests: a white page of #333 serif text, nothing else measured. */
import type { PageProbe } from '../../types';

export const pageProbe = (more: Partial<PageProbe>): PageProbe => ({
  viewport: { width: 1440, height: 900 },
  background: { color: 'rgb(255, 255, 255)' },
  text: 'rgb(51, 51, 51)',
  links: [],
  headings: [],
  buttons: [],
  accents: [],
  fonts: { body: 'serif', heading: 'serif' },
  ...more,
});
