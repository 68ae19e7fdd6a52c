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
