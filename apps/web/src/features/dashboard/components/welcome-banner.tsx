import { Plus, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** The part of an e-mail before the @. */
export function toEmailName(email: string): string {
  return email.split('@')[0] || email;
}

/**
 * The dashboard's welcome banner (spec §2): 'Welcome back, {name}!' and 'New Project'. The returning
 * variant ('Ready to sprinkle some modern magic on more websites?') shows once the user has projects.
 */
export function WelcomeBanner({
  email,
  hasProjects,
  creditBalance,
}: {
  email: string;
  hasProjects: boolean;
  creditBalance: number | null;
}) {
  return (
    <section
      aria-labelledby="welcome-heading"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-600 via-brand-700 to-indigo-900 p-6 text-white shadow-lg sm:p-8"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-24 -right-16 size-72 rounded-full bg-sky-400/30 blur-3xl"
      />
      <div className="relative flex flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h1
            id="welcome-heading"
            className="text-2xl font-bold tracking-tight break-words sm:text-3xl"
          >
            Welcome back, {toEmailName(email)}!
          </h1>
          <p className="mt-2 max-w-xl text-sm leading-6 text-brand-100 sm:text-base">
            {hasProjects
              ? 'Ready to sprinkle some modern magic on more websites?'
              : 'Paste the address of any public website and get it back as a clean React + Vite + Tailwind project.'}
          </p>
          {creditBalance !== null && (
            <p className="mt-4">
              <Link
                to={paths.billing.getHref()}
                className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-sm font-medium ring-1 ring-white/25 hover:bg-white/25"
              >
                <Sparkles className="size-4" aria-hidden />
                {creditBalance} {creditBalance === 1 ? 'credit' : 'credits'} available
              </Link>
            </p>
          )}
        </div>
        <ButtonLink
          to={paths.createProject.getHref()}
          variant="inverse"
          size="lg"
          className="self-start sm:self-center"
        >
          <Plus className="size-5" aria-hidden /> New Project
        </ButtonLink>
      </div>
    </section>
  );
}
