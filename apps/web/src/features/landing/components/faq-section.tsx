import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import { FREE_PAGES_PER_SITE, GUARANTEE_RULE, PRICING_PLANS } from '@sitelift/shared/billing/plans';
import { landingAnchors } from '../../../config/paths';
import { useGithubExport } from '../../../lib/github-export';

/** The paid plans' page limits as the FAQ says them: "200 to 500". */
const PAID_PAGES = PRICING_PLANS.map((plan) => plan.pagesPerSite);
const PAID_PAGES_RANGE = `${Math.min(...PAID_PAGES)} to ${Math.max(...PAID_PAGES)}`;

const FAQS = [
  {
    question: 'What exactly does Sitelift read from my website?',
    answer:
      'Only the public, rendered HTML of your pages — what any visitor sees in a browser — plus the images and icons they show. Sitelift never logs in, never touches your server or database, and skips pages that robots.txt disallows.',
  },
  {
    question: 'What do I get at the end?',
    answer:
      'A complete React + Vite + Tailwind CSS project: one route per page (up to your plan’s page limit), reusable components, your text and images, per-page SEO tags, a sitemap.xml and robots.txt. You download it as a zip or publish it to a new GitHub repository, together with a report of what was carried over.',
    // Where this server cannot publish to GitHub (issue 14).
    answerWithoutGithub:
      'A complete React + Vite + Tailwind CSS project: one route per page (up to your plan’s page limit), reusable components, your text and images, per-page SEO tags, a sitemap.xml and robots.txt. You download it as a zip, together with a report of what was carried over.',
  },
  {
    question: 'How many pages of my site are rebuilt?',
    answer: `Every page linked from your start page or listed in your sitemap, up to your plan’s limit: ${FREE_PAGES_PER_SITE} pages with the free credit, ${PAID_PAGES_RANGE} on paid plans. Before you spend a credit you see how many pages were found and can choose paths to include or leave out. The report lists every page that was not rebuilt and why, and links to those pages either keep pointing at your original site or are removed, as you choose.`,
  },
  {
    question: 'How long does a modernization take?',
    answer:
      'A typical small site (up to about ten pages) is rebuilt and verified in a few minutes. You can follow every step in the live log while it runs.',
  },
  {
    question: 'What happens if a modernization fails?',
    answer:
      'The credit is refunded to your balance automatically, exactly once, and you can retry the project from your dashboard.',
  },
  {
    question: 'Do I own the generated code?',
    answer:
      'Yes. The code is yours to edit, host and sell on. There is no runtime dependency on Sitelift — the project builds with standard npm tooling.',
  },
  {
    question: 'Can I cancel my subscription?',
    answer:
      'Any time. Unused subscription credits stay on your account, and the 14-day guarantee applies to your first subscription payment.',
  },
  {
    question: 'How does the 14-day money-back guarantee work?',
    answer: GUARANTEE_RULE,
  },
];

/** The FAQ accordion (spec §2, anchor #faq): one item open at a time, collapsible. */
export function FaqSection() {
  const githubExport = useGithubExport();
  return (
    <section
      id={landingAnchors.faq}
      aria-labelledby="faq-heading"
      className="bg-slate-50 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <div className="text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">FAQ</p>
          <h2
            id="faq-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Frequently asked questions
          </h2>
        </div>
        <Accordion.Root type="single" collapsible className="mt-12 space-y-3">
          {FAQS.map((faq, index) => (
            <Accordion.Item
              key={faq.question}
              value={`faq-${index}`}
              className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
            >
              <Accordion.Header>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50">
                  {faq.question}
                  <ChevronDown
                    className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
                    aria-hidden
                  />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="px-5 pb-5 text-sm leading-6 text-slate-600">
                {(!githubExport && faq.answerWithoutGithub) || faq.answer}
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </section>
  );
}
