import { CircleCheck, Clock, Hammer } from 'lucide-react';
import { useAiDesigner } from '../../../lib/ai-designer';
import { useGithubExport } from '../../../lib/github-export';
import { useHostingOffer } from '../../../lib/hosting-offer';

/** Live where this server offers a static host (issue 27, lib/hosting-offer.ts), else in development. */
const ONE_CLICK_DEPLOY = 'One-click deployment to hosting platforms';

/** Spec §1's 'AI code generation' only where a model takes part (lib/ai-designer.ts). */
const CODE_GENERATION = { ai: 'AI code generation', rules: 'Automatic code generation' };

const GROUPS = [
  {
    status: 'Live',
    icon: CircleCheck,
    badge: 'bg-emerald-100 text-emerald-800',
    // API access and batches (issue 26) are built: the Scale plan's API and /batches.
    items: [
      CODE_GENERATION.rules,
      'Full repository export',
      'API access',
      'Batch processing of URL lists',
      'Secure processing',
    ],
    // Where this server cannot publish to GitHub (issue 14): the export is a zip download.
    itemsWithoutGithub: [
      CODE_GENERATION.rules,
      'Full project download as a zip',
      'API access',
      'Batch processing of URL lists',
      'Secure processing',
    ],
  },
  {
    status: 'In development',
    icon: Hammer,
    badge: 'bg-amber-100 text-amber-800',
    items: [ONE_CLICK_DEPLOY],
  },
  {
    status: 'Coming soon',
    icon: Clock,
    badge: 'bg-slate-200 text-slate-700',
    items: ['Expanded template library'],
    itemsWithoutGithub: [
      'Export to a GitHub repository (not enabled on this server)',
      'Expanded template library',
    ],
  },
];

/** The grid's columns for the groups that have items (a group left empty is not shown). */
const COLUMNS: Record<number, string> = { 1: '', 2: 'md:grid-cols-2', 3: 'md:grid-cols-3' };

/** Roadmap status groups (spec §1, §2). */
export function RoadmapSection() {
  const githubExport = useGithubExport();
  const aiDesigner = useAiDesigner();
  const hostingOffer = useHostingOffer();
  const itemsOf = (group: (typeof GROUPS)[number]): string[] => {
    const items = (!githubExport && group.itemsWithoutGithub) || group.items;
    if (!hostingOffer) return items;
    if (group.status === 'Live')
      return [...items.slice(0, -1), ONE_CLICK_DEPLOY, ...items.slice(-1)];
    return items.filter((item) => item !== ONE_CLICK_DEPLOY);
  };
  // Where every planned item is live (deployment offered here), "In development" has none.
  const shown = GROUPS.filter((group) => itemsOf(group).length > 0);
  const wording = (item: string) =>
    aiDesigner && item === CODE_GENERATION.rules ? CODE_GENERATION.ai : item;
  return (
    <section aria-labelledby="roadmap-heading" className="bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Roadmap</p>
          <h2
            id="roadmap-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            What works today, and what&apos;s next
          </h2>
        </div>
        <div className={`mt-14 grid gap-6 ${COLUMNS[shown.length] ?? 'md:grid-cols-3'}`}>
          {shown.map((group) => (
            <section
              key={group.status}
              aria-labelledby={`roadmap-${group.status}`}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h3
                id={`roadmap-${group.status}`}
                className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ${group.badge}`}
              >
                <group.icon className="size-4" aria-hidden /> {group.status}
              </h3>
              <ul className="mt-5 space-y-3">
                {itemsOf(group).map((item) => (
                  <li key={item} className="flex items-start gap-2.5 text-sm text-slate-700">
                    <span
                      className="mt-2 size-1.5 shrink-0 rounded-full bg-slate-400"
                      aria-hidden
                    />
                    {wording(item)}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </section>
  );
}
