import { FileCode2, Github, Globe, Rocket } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

const STEPS = [
  { icon: Globe, title: 'Submit a URL', text: 'Any public website you own or work on.' },
  {
    icon: FileCode2,
    title: 'We rebuild it',
    text: 'React + Vite + Tailwind, with SEO and accessible markup.',
  },
  { icon: Github, title: 'Take the code', text: 'Download a zip or push to a new GitHub repo.' },
];

/** The dashboard's projects area until the project list (issue 4) lands. */
export function ProjectsIntro() {
  return (
    <section
      aria-labelledby="projects-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="projects-heading" className="text-lg font-semibold text-slate-900">
            Your projects
          </h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            Every site you modernize shows up here with its live status, logs and downloads.
          </p>
        </div>
        <ButtonLink to={paths.createProject.getHref()} className="self-start">
          <Rocket className="size-4" aria-hidden /> Create Project
        </ButtonLink>
      </div>
      <ol className="mt-6 grid gap-4 sm:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-xl border border-slate-100 bg-slate-50 p-4">
            <div className="flex items-center gap-2">
              <span className="flex size-8 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                <step.icon className="size-4" aria-hidden />
              </span>
              <span className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                Step {index + 1}
              </span>
            </div>
            <p className="mt-3 text-sm font-semibold text-slate-900">{step.title}</p>
            <p className="mt-1 text-sm text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
