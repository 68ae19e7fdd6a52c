import { ArrowRight, CheckCircle2, FileCode2, Folder } from 'lucide-react';
import { buttonStyle } from '../../../components/ui/button-styles';
import { LinkButton } from '../../../components/ui/link-button';
import { landingAnchors } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { useGithubExport } from '../../../lib/github-export';
import { useStartHref } from './use-start-href';

const FILES = [
  { depth: 0, name: 'my-bakery-modernized/', folder: true },
  { depth: 1, name: 'src/pages/Home.tsx' },
  { depth: 1, name: 'src/pages/Menu.tsx' },
  { depth: 1, name: 'src/components/Header.tsx' },
  { depth: 1, name: 'public/sitemap.xml' },
  { depth: 1, name: 'sitelift-report.json' },
];

const CHECKS = ['Build passed', 'All page text carried over', 'No overflow at 375 px'];

/** The landing hero (spec §2). */
export function HeroSection() {
  const startHref = useStartHref();
  // The free first site is what a new account gets: no offer to someone already signed in, who may
  // have spent it (issue 22).
  const { user } = useSession();
  const githubExport = useGithubExport();
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-b from-white via-brand-50/60 to-slate-50"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-32 left-1/2 h-[36rem] w-[60rem] -translate-x-1/2 rounded-full bg-gradient-to-tr from-brand-200/50 via-sky-200/40 to-violet-200/40 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-7xl grid-cols-1 items-center gap-12 px-4 pt-16 pb-12 sm:px-6 sm:pt-24 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:gap-12 lg:px-8 lg:pb-14">
        <div className="min-w-0">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-700 shadow-sm ring-1 ring-brand-100">
            <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden />
            {user ? 'React + Vite + Tailwind, built and checked' : 'Your first site is free'}
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl leading-[1.1] font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
          >
            Turn any outdated website into a{' '}
            <span className="bg-gradient-to-r from-brand-600 to-sky-500 bg-clip-text text-transparent">
              modern React app
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600">
            Give Sitelift a URL. It reads the public pages, keeps your content, and rebuilds the
            site as a clean React + Vite + Tailwind project — responsive, accessible and SEO-ready —
            in minutes, not weeks.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {/* One line from the small breakpoint up; on phones it may wrap inside the button. */}
            <LinkButton to={startHref} size="lg" wrap>
              {user ? 'Modernize Your Next Site' : 'Modernize Your First Site for Free'}{' '}
              <ArrowRight className="size-5" aria-hidden />
            </LinkButton>
            <a href={`#${landingAnchors.features}`} className={buttonStyle('outline', 'lg')}>
              See what you get
            </a>
          </div>
          <p className="mt-4 text-sm text-slate-500">
            {githubExport
              ? 'No credit card needed. Download the code as a zip or push it to GitHub.'
              : 'No credit card needed. Download the code as a zip.'}
          </p>
        </div>

        <div className="relative mx-auto w-full max-w-lg min-w-0 lg:max-w-none">
          <div className="rounded-2xl bg-slate-900 shadow-2xl ring-1 ring-slate-900/10">
            <div className="flex items-center gap-1.5 border-b border-white/10 px-4 py-3">
              <span className="size-3 rounded-full bg-red-400/80" aria-hidden />
              <span className="size-3 rounded-full bg-amber-400/80" aria-hidden />
              <span className="size-3 rounded-full bg-emerald-400/80" aria-hidden />
              <span className="ml-3 truncate rounded-md bg-white/10 px-3 py-1 font-mono text-xs text-slate-300">
                www.old-bakery-site.com → React + Vite + Tailwind
              </span>
            </div>
            <div className="grid gap-0 sm:grid-cols-[1.2fr_1fr]">
              <ul
                className="space-y-2 p-5 font-mono text-[13px] text-slate-300"
                aria-label="Example of a generated project"
              >
                {FILES.map((file) => (
                  <li
                    key={file.name}
                    className="flex items-center gap-2 truncate"
                    style={{ paddingLeft: `${file.depth * 1.25}rem` }}
                  >
                    {file.folder ? (
                      <Folder className="size-4 shrink-0 text-sky-400" aria-hidden />
                    ) : (
                      <FileCode2 className="size-4 shrink-0 text-brand-300" aria-hidden />
                    )}
                    {file.name}
                  </li>
                ))}
              </ul>
              <div className="border-t border-white/10 p-5 sm:border-t-0 sm:border-l">
                <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">
                  Verification
                </p>
                <ul className="mt-3 space-y-2.5">
                  {CHECKS.map((check) => (
                    <li key={check} className="flex items-center gap-2 text-sm text-slate-200">
                      <CheckCircle2 className="size-4 shrink-0 text-emerald-400" aria-hidden />
                      {check}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
