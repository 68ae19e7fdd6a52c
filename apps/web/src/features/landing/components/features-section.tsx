import { Gauge, Palette, Search, ShieldCheck } from 'lucide-react';
import { landingAnchors } from '../../../config/paths';

const FEATURES = [
  {
    icon: Gauge,
    title: 'Fast by default',
    text: 'A static-first Vite build with optimized images and no legacy scripts, so pages load quickly on any connection.',
  },
  {
    icon: Palette,
    title: 'Modern, responsive visuals',
    text: 'Your content and brand colours in a clean Tailwind design that works from a 375 px phone to a wide desktop.',
  },
  {
    icon: Search,
    title: 'SEO carried over',
    text: 'Titles, descriptions, Open Graph tags, a sitemap.xml and robots.txt for every page, with semantic headings.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure processing',
    text: 'We read only the public, rendered HTML of your pages — no logins, no server access, no database.',
  },
];

/** The four feature cards (spec §2, anchor #features). */
export function FeaturesSection() {
  return (
    <section
      id={landingAnchors.features}
      aria-labelledby="features-heading"
      className="bg-slate-50 pt-12 pb-20 sm:pt-16 sm:pb-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Features</p>
          <h2
            id="features-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Everything a modern site needs, generated for you
          </h2>
          <p className="mt-4 text-base leading-7 text-slate-600 sm:text-lg">
            Sitelift doesn&apos;t wrap your old site in a new theme. It writes a real codebase you
            can read, edit and host anywhere.
          </p>
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li
              key={feature.title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm">
                <feature.icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-5 text-base font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
