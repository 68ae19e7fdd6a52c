import { lazy, Suspense, useEffect, useState } from 'react';

// The toast viewport loads after the first render: toasts only follow a user's action, and the
// prerendered public pages must hydrate without it (it renders nothing on the server).
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/** The toast viewport, mounted (and its library loaded) once the page has rendered. */
export function DeferredToaster() {
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => setIsMounted(true), []);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton />
    </Suspense>
  );
}
