import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AiReport } from '@sitelift/shared/schemas/ai';
import type { SiteliftReport } from '@sitelift/shared/schemas/report';
import { createMockProject, createMockUser, mockDb, signInAs } from '../../../testing/mocks/db';
import { renderApp } from '../../../testing/test-utils';

// Issue 25: "What the AI did" in the report, read through the real endpoints (MSW answers
// GET /api/projects and GET /api/projects/:id/report with the server's shapes).

const SCREENSHOTS = [
  'after/index-desktop.webp',
  'before/index-desktop.webp',
  'ai/index-header-original.webp',
  'ai/index-header-before.webp',
  'ai/index-header-after.webp',
];

const AI: AiReport = {
  provider: 'openai',
  model: 'gpt-4o-mini',
  calls: { total: 7, cached: 2, failed: 1 },
  tokens_in: 18_400,
  tokens_out: 2_100,
  cost_usd: 0.0041,
  seconds: 12.5,
  notes: ['The model timed out once on /about: the offline result stayed.'],
  patches: [
    {
      route: '/',
      section: 'header',
      viewport: 'desktop',
      change: 'menu placement: below → beside the logo',
      reason: 'The original shows the menu to the right of the logo.',
      kept: true,
      why: 'position 0.71 → 0.86, nothing dropped',
      before: { block: 0.9, text: 1, position: 0.71, color: 0.8, visual: 0.6 },
      after: { block: 0.9, text: 1, position: 0.86, color: 0.8, visual: 0.66 },
      crops: {
        original: 'ai/index-header-original.webp',
        before: 'ai/index-header-before.webp',
        after: 'ai/index-header-after.webp',
      },
    },
    {
      route: '/about',
      section: 'main > section:nth-of-type(2)',
      change: 'columns: 1 → 3',
      reason: 'Three cards side by side.',
      kept: false,
      why: 'visual 0.41 → 0.38 on /about',
      before: { block: 0.9, text: 1, position: 0.7, color: 0.8, visual: 0.41 },
      after: { block: 0.9, text: 1, position: 0.7, color: 0.8, visual: 0.38 },
      crops: { original: 'ai/missing-original.webp', before: 'ai/missing-before.webp' },
    },
  ],
  written: [
    { route: '/', field: 'description', text: 'A family bicycle shop in Utrecht since 1952.' },
    { route: '/about', field: 'alt', target: '/images/shop.jpg', text: 'The shop front' },
  ],
};

function buildReport(ai: AiReport | undefined): SiteliftReport {
  return {
    version: 1,
    source_url: 'https://old.example.com/',
    strategy: 'STYLE_MODERNIZATION',
    pages: [
      { url: 'https://old.example.com/', route: '/', title: 'Home' },
      { url: 'https://old.example.com/about.html', route: '/about', title: 'About' },
    ],
    verification: {
      build: { ok: true, ms: 300 },
      text_coverage: 1,
      overflow_375: [],
      console_errors: [],
      broken_images: [],
    },
    not_carried: [],
    timings: { fetch: 100 },
    ...(ai ? { ai } : {}),
  };
}

async function openReport(report: SiteliftReport) {
  signInAs(createMockUser({ email: 'ada@example.com' }));
  const project = createMockProject({
    name: 'Fietsen',
    report_summary: {
      pages: 2,
      routes: ['/', '/about'],
      text_coverage: 1,
      build_ok: true,
      not_carried: 0,
      screenshots: SCREENSHOTS,
      ...(report.ai
        ? {
            ai: {
              provider: report.ai.provider,
              model: report.ai.model,
              tokens_in: report.ai.tokens_in,
              tokens_out: report.ai.tokens_out,
              cost_usd: report.ai.cost_usd,
              patches_kept: 1,
              patches_total: 2,
            },
          }
        : {}),
    },
    report_url: '/api/projects/x/report',
  });
  mockDb.reports.set(project.id, report);
  const { user } = renderApp('/dashboard');
  const card = await screen.findByRole('listitem', { name: 'Fietsen' });
  await user.click(within(card).getByRole('button', { name: 'View report' }));
  await within(card).findByRole('heading', { name: /Verification/ });
  return { card, project };
}

describe('What the AI did', () => {
  it('shows the model, calls, tokens, cost and the notes; the card shows tokens and cost', async () => {
    const { card } = await openReport(buildReport(AI));
    expect(within(card).getByText('AI 20.5k tokens · < $0.01')).toHaveAttribute(
      'title',
      expect.stringContaining('gpt-4o-mini, 18,400 tokens in, 2,100 out'),
    );
    const section = within(card).getByRole('region', { name: /What the AI did/ });
    expect(within(section).getByText('OpenAI · gpt-4o-mini')).toBeInTheDocument();
    const stat = (label: string) => within(section).getByText(label).nextElementSibling;
    expect(stat('Calls')).toHaveTextContent('7 (2 cached)');
    expect(stat('Tokens in / out')).toHaveTextContent('18,400 / 2,100');
    expect(stat('Cost')).toHaveTextContent('< $0.01');
    expect(stat('Patches kept')).toHaveTextContent('1 of 2');
    expect(
      within(section).getByText('The model timed out once on /about: the offline result stayed.'),
    ).toBeInTheDocument();
  });

  it('lists each patch kept or rejected with its change, reason, why, scores and crops', async () => {
    const { card, project } = await openReport(buildReport(AI));
    const section = within(card).getByRole('region', { name: /What the AI did/ });
    const patches = within(section).getByRole('list', { name: 'Patches the model proposed' });
    const [kept, rejected] = within(patches).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(kept).toHaveTextContent('menu placement: below → beside the logo');
    expect(within(kept).getByText('Kept', { selector: 'span' })).toBeInTheDocument();
    expect(kept).toHaveTextContent('Kept: position 0.71 → 0.86, nothing dropped');
    expect(kept).toHaveTextContent(
      'The model’s reason: The original shows the menu to the right of the logo.',
    );
    expect(within(kept).getByText('Position').nextElementSibling).toHaveTextContent('71 % → 86 %');
    const crops = within(kept).getAllByRole('img');
    expect(crops.map((img) => img.getAttribute('src'))).toEqual([
      expect.stringContaining(
        `/api/projects/${project.id}/screenshots/ai/index-header-original.webp`,
      ),
      expect.stringContaining('/screenshots/ai/index-header-before.webp'),
      expect.stringContaining('/screenshots/ai/index-header-after.webp'),
    ]);

    expect(rejected).toHaveTextContent('columns: 1 → 3');
    expect(rejected).toHaveTextContent('Rejected: visual 0.41 → 0.38 on /about');
    expect(within(rejected).getByText('Visual').nextElementSibling).toHaveClass('text-red-700');
    // Crops the run did not store are left out, never shown broken.
    expect(within(rejected).queryAllByRole('img')).toHaveLength(0);
  });

  it('lists every model-written string marked "written by the model"', async () => {
    const { card } = await openReport(buildReport(AI));
    const section = within(card).getByRole('region', { name: /What the AI did/ });
    expect(within(section).getAllByText('written by the model')).toHaveLength(2);
    expect(
      within(section).getByText('A family bicycle shop in Utrecht since 1952.'),
    ).toBeInTheDocument();
    expect(within(section).getByText('Image alt text').parentElement).toHaveTextContent(
      '/images/shop.jpg',
    );
  });

  it('is not there when the run used no model', async () => {
    const { card } = await openReport(buildReport(undefined));
    expect(within(card).queryByRole('region', { name: /What the AI did/ })).toBeNull();
    expect(within(card).queryByText(/AI .* tokens/)).toBeNull();
  });
});
