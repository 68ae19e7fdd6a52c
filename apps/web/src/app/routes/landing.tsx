import { lazy, memo, Suspense } from 'react';
import { landingAnchors } from '../../config/paths';
import { ClosingCtaSection } from '../../features/landing/components/closing-cta-section';
import { FeaturesSection } from '../../features/landing/components/features-section';
import { GrowthSection } from '../../features/landing/components/growth-section';
import { HeroSection } from '../../features/landing/components/hero-section';
import { HowItWorksSection } from '../../features/landing/components/how-it-works-section';
import { RoadmapSection } from '../../features/landing/components/roadmap-section';

/** What counts as the visitor's first move: after it, the lower sections load whatever happens. */
const VISITOR_EVENTS = ['scroll', 'pointerdown', 'keydown', 'hashchange'] as const;

/**
 * Resolves once the element `id` is within a screen or two of the viewport or the visitor first
 * scrolls, points or types; at once where there is no such element yet (the app rendering `/`
 * itself) or no IntersectionObserver (the prerendering).
 */
function whenNear(id: string): Promise<void> {
  const element = typeof document === 'undefined' ? null : document.getElementById(id);
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      for (const type of VISITOR_EVENTS) window.removeEventListener(type, done);
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: '1200px 0px' },
    );
    observer.observe(element);
    for (const type of VISITOR_EVENTS) window.addEventListener(type, done, { passive: true });
  });
}

// Below the fold and with libraries of their own (billing API, TanStack Query and schemas, Radix
// accordion): their code loads when the visitor scrolls near them (or opens their anchor), not with
// the first screen. Until then React keeps the prerendered HTML it has not hydrated yet, and a click
// in it hydrates that part first (issue 13 item 6).
const PricingSection = lazy(async () => {
  await whenNear(landingAnchors.pricing);
  return {
    default: (await import('../../features/billing/components/pricing-section')).PricingSection,
  };
});
const FaqSection = lazy(async () => {
  await whenNear(landingAnchors.faq);
  return { default: (await import('../../features/landing/components/faq-section')).FaqSection };
});

/**
 * / — the landing page, its sections in the order of spec §2. Memoised: a change of location (a
 * click on an anchor) must not re-render the sections whose code has not loaded yet, or React would
 * drop their prerendered HTML and render them on the client instead.
 */
export const LandingRoute = memo(function LandingRoute() {
  return (
    <>
      <title>Sitelift — modernize any website into React + Vite + Tailwind</title>
      <HeroSection />
      <FeaturesSection />
      <HowItWorksSection />
      <RoadmapSection />
      <GrowthSection />
      <Suspense fallback={null}>
        <PricingSection />
      </Suspense>
      <Suspense fallback={null}>
        <FaqSection />
      </Suspense>
      <ClosingCtaSection />
    </>
  );
});
