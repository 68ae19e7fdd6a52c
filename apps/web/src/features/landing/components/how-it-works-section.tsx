import { rebuildStepTitle, useAiDesigner } from '../../../lib/ai-designer';
import { useGithubExport } from '../../../lib/github-export';

const STEPS = [
  {
    title: 'Submit Your URL',
    text: 'Paste the address of a public website and pick a strategy: a style refresh, an incremental update or a full rebuild.',
  },
  {
    title: rebuildStepTitle(false),
    text: 'Sitelift reads each page, extracts its content and structure, and generates React components — then builds and checks the result. Follow along in the live log.',
  },
  {
    title: 'Get Your Results',
    text: 'Download the project as a zip or publish it to a new GitHub repository, with a report of what was carried over.',
    // Where this server cannot publish to GitHub (issue 14).
    textWithoutGithub: 'Download the project as a zip, with a report of what was carried over.',
  },
];

/** How It Works: three steps (spec §2). */
export function HowItWorksSection() {
  const githubExport = useGithubExport();
  const aiDesigner = useAiDesigner();
  return (
    <section aria-labelledby="how-heading" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">
            How It Works
          </p>
          <h2
            id="how-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            {githubExport
              ? 'From old URL to new repository in three steps'
              : 'From old URL to new project in three steps'}
          </h2>
        </div>
        <ol className="relative mt-14 grid gap-10 md:grid-cols-3 md:gap-8">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative text-center md:text-left">
              <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-sky-500 text-lg font-bold text-white shadow-lg shadow-brand-600/20 md:mx-0">
                {index + 1}
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">
                {index === 1 ? rebuildStepTitle(aiDesigner) : step.title}
              </h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">
                {(!githubExport && step.textWithoutGithub) || step.text}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
