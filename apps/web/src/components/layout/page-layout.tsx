import type { ReactNode } from 'react';
import { Footer } from './footer';
import { TopBar } from './top-bar';
import type { TopBarVariant } from './top-bar';

/** A page: skip link, top bar, the main landmark and (optionally) the footer. */
export function PageLayout({
  children,
  topBar = 'full',
  footer = true,
  accountExtras,
}: {
  children: ReactNode;
  topBar?: TopBarVariant;
  footer?: boolean;
  /** Shown in the top bar beside the user menu (e.g. the credit balance). */
  accountExtras?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <TopBar variant={topBar} accountExtras={accountExtras} />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      {footer && <Footer />}
    </div>
  );
}
