import { PricingSection } from '../../features/billing/components/pricing-section';
import { ClosingCtaSection } from '../../features/landing/components/closing-cta-section';
import { FaqSection } from '../../features/landing/components/faq-section';
import { FeaturesSection } from '../../features/landing/components/features-section';
import { GrowthSection } from '../../features/landing/components/growth-section';
import { HeroSection } from '../../features/landing/components/hero-section';
import { HowItWorksSection } from '../../features/landing/components/how-it-works-section';
import { RoadmapSection } from '../../features/landing/components/roadmap-section';

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
      <PricingSection />
      <FaqSection />
      <ClosingCtaSection />
    </>
  );
}
