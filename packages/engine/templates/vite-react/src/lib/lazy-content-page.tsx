import type { ComponentType } from 'react';
import { lazyPage, type LazyPage } from './lazy-page';

/**
 * A page of a kind (a post, a product): the kind's component (src/pages/) with the page's content
 * (a module of src/content/) as its props, both loaded on first view or ahead of it.
 */
export function lazyContentPage<Content extends object>(
  loadKind: () => Promise<{ default: ComponentType<Content> }>,
  loadContent: () => Promise<{ default: Content }>,
): LazyPage {
  return lazyPage(() =>
    Promise.all([loadKind(), loadContent()]).then(([kind, content]) => {
      const Kind = kind.default;
      const props = content.default;
      return { default: () => <Kind {...props} /> };
    }),
  );
}
