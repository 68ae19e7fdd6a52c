import { ArrowRight } from 'lucide-react';
import { LinkButton } from '../../../components/ui/link-button';
import { useSession } from '../../../lib/auth';
import { useStartHref } from './use-start-href';

/** The closing call to action (spec §2): 'Get Started Now'. */
export function ClosingCtaSection() {
  const startHref = useStartHref();
  const { user } = useSession();
  return (
    <section aria-labelledby="cta-heading" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-indigo-900 px-6 py-14 text-center shadow-2xl sm:px-16">
          <div
            aria-hidden
            className="pointer-events-none absolute -bottom-24 -left-16 size-80 rounded-full bg-sky-400/30 blur-3xl"
          />
          <h2
            id="cta-heading"
            className="relative text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
          >
            Your old site deserves a second life
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-base leading-7 text-brand-100 sm:text-lg">
            {user
              ? 'Modernize your next site and see the code for yourself.'
              : 'Modernize your first site for free and see the code for yourself.'}
          </p>
          <LinkButton to={startHref} variant="inverse" size="lg" className="relative mt-8">
            Get Started Now <ArrowRight className="size-5" aria-hidden />
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
