import { lazy, Suspense } from 'react';
import { ClosingCtaSection } from '../../features/landing/components/closing-cta-section';
import { FeaturesSection } from '../../features/landing/components/features-section';
import { GrowthSection } from '../../features/landing/components/growth-section';
import { HeroSection } from '../../features/landing/components/hero-section';
import { HowItWorksSection } from '../../features/landing/components/how-it-works-section';
import { RoadmapSection } from '../../features/landing/components/roadmap-section';

// Below the fold and with libraries of their own (billing API and schemas, Radix accordion): they
// load after the first screen. The prerendered page already holds their HTML, which React hydrates
// once their code arrives (issue 13 item 6).
const PricingSection = lazy(async () => ({
  default: (await import('../../features/billing/components/pricing-section')).PricingSection,
}));
const FaqSection = lazy(async () => ({
  default: (await import('../../features/landing/components/faq-section')).FaqSection,
}));

/** / — the landing page, its sections in the order of spec §2. */
export function LandingRoute() {
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
        <FaqSection />
      </Suspense>
      <ClosingCtaSection />
    </>
  );
}
