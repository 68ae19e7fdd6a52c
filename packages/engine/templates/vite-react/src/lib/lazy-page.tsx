import { lazy, type ComponentType } from 'react';

/** A page component that loads on first view, like React.lazy, or ahead of it with preload(). */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/** Once loaded (by preload() or a first view), the page renders at once, with no placeholder. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      Loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  return Object.assign(Page, { preload });
}

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
