import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SiteliftReport } from '@sitelift/shared/schemas/report';
import { createMockProject, createMockUser, mockDb, signInAs } from '../../../testing/mocks/db';
import { renderApp } from '../../../testing/test-utils';
import { groupNotCarried, toKindLabel } from '../utils/group-not-carried';
import { toReadablePageLabel, toReadablePath, toReadableWhat } from '../utils/readable-path';
import { toSectionName } from '../utils/section-names';
import { toRouteSlug } from '../utils/screenshot-names';
import { BeforeAfterSlider } from './before-after-slider';

// Issue 12 item 5: the compact report view, read through the real endpoints (MSW answers
// GET /api/projects and GET /api/projects/:id/report with the server's shapes, checked by the
// shared schemas).

const PAGES = [
  { url: 'https://old.example.com/', route: '/', title: 'Home' },
  { url: 'https://old.example.com/menu.html', route: '/menu', title: 'Our menu' },
  { url: 'https://old.example.com/team/', route: '/team', title: 'Team' },
];

const SCREENSHOTS = [
  'after/index-desktop.png',
  'after/index-mobile.png',
  'after/menu-desktop.png',
  'after/menu-mobile.png',
  'after/team-desktop.png',
  'before/index-desktop.png',
  'before/index-mobile.png',
  'before/menu-desktop.png',
  'before/menu-mobile.png',
];

const FIDELITY: NonNullable<SiteliftReport['fidelity']> = {
  overall: { block: 0.96, text: 0.99, position: 0.9, color: 0.88, visual: 0.82 },
  routes: [
    {
      route: '/',
      block: 0.97,
      text: 1,
      position: 0.92,
      color: 0.9,
      visual: 0.85,
      worst_sections: [{ selector: 'header', score: 0.61 }],
    },
    {
      route: '/menu',
      block: 0.95,
      text: 0.98,
      position: 0.88,
      color: 0.86,
      visual: 0.79,
      worst_sections: [],
    },
  ],
  identity: [
    { check: 'brand_color', ok: true, found: '#fed136 on the primary button' },
    { check: 'logo', ok: true, found: 'image in the header' },
    { check: 'hero_image', ok: true, found: 'header-bg.jpg, full-bleed' },
    {
      check: 'navigation',
      ok: false,
      found: '4 of 5 menu items',
      expected: 'Services, Portfolio, About, Team, Contact',
    },
    { check: 'site_name', ok: true, found: 'Start Bootstrap (logo alt)' },
    { check: 'fonts', ok: true, found: 'Montserrat, Droid Serif' },
  ],
  never_worse: [
    {
      check: 'picture_twice',
      ok: true,
      found: 'none on 2 pages',
      expected: 'each picture shown once',
    },
    {
      check: 'logo_size',
      ok: false,
      found: '41 px high (41×41), the original 170 px (170×170)',
      expected: "at least half the original's 170 px high, and at least 32 px",
    },
  ],
};

/** The same two scripts on 35 pages (70 rows), and one embed. */
function manyNotCarried(): SiteliftReport['not_carried'] {
  const rows: SiteliftReport['not_carried'] = [];
  for (let index = 0; index < 35; index += 1) {
    const page =
      index === 0 ? 'https://old.example.com/' : `https://old.example.com/p${index}.html`;
    for (const what of ['jquery.min.js', 'analytics.js']) {
      rows.push({
        kind: 'script',
        what,
        page,
        reason: 'Behaviour is rebuilt in React; scripts are not carried',
      });
    }
  }
  rows.push({
    kind: 'embed',
    what: 'https://maps.example.com/embed?q=shop',
    page: 'https://old.example.com/contact.html',
    reason: 'Embedded players, applets and frames are not carried',
  });
  return rows;
}

function buildReport(overrides: Partial<SiteliftReport> = {}): SiteliftReport {
  return {
    version: 1,
    source_url: 'https://old.example.com/',
    strategy: 'STYLE_MODERNIZATION',
    pages: PAGES,
    verification: {
      build: { ok: true, ms: 300 },
      text_coverage: 1,
      required_snippets: { kept: 4, total: 4 },
      overflow_375: [],
      console_errors: [],
      broken_images: [],
    },
    not_carried: manyNotCarried(),
    timings: { fetch: 100 },
    lighthouse: {
      before: { performance: 41, accessibility: 70, bestPractices: 60, seo: 80 },
      after: { performance: 98, accessibility: 100, bestPractices: 100, seo: 100 },
    },
    fidelity: FIDELITY,
    ...overrides,
  };
}

async function openReport(report: SiteliftReport, screenshots = SCREENSHOTS) {
  signInAs(createMockUser({ email: 'ada@example.com' }));
  const project = createMockProject({
    name: 'Agency',
    report_summary: {
      pages: report.pages.length,
      routes: report.pages.map((page) => page.route),
      text_coverage: report.verification.text_coverage,
      build_ok: report.verification.build.ok,
      not_carried: report.not_carried.length,
      ...(report.fidelity ? { fidelity: report.fidelity.overall } : {}),
      screenshots,
    },
    report_url: '/api/projects/x/report',
  });
  mockDb.reports.set(project.id, report);
  const { user } = renderApp('/dashboard');
  const card = await screen.findByRole('listitem', { name: 'Agency' });
  await user.click(within(card).getByRole('button', { name: 'View report' }));
  await within(card).findByRole('heading', { name: 'Fidelity' });
  return { user, card, project };
}

describe('report view', () => {
  it('shows the overall fidelity on the dashboard card', async () => {
    const { card } = await openReport(buildReport());
    // (0.96 + 0.99 + 0.9 + 0.88 + 0.82) / 5 = 0.91
    const score = within(card).getByTitle(/^Overall fidelity: Block 96 %, Text 99 %/);
    expect(score).toHaveTextContent('Fidelity 91 %');
  });

  it('puts the fidelity scores and the identity checks, with what was found, at the top', async () => {
    const { card, user } = await openReport(buildReport());
    const fidelity = within(card).getByRole('region', { name: 'Fidelity' });
    expect(within(fidelity).getByText('91 %')).toBeInTheDocument();
    for (const [label, value] of [
      ['Block', '96 %'],
      ['Text', '99 %'],
      ['Position', '90 %'],
      ['Colour', '88 %'],
      ['Visual', '82 %'],
    ] as const) {
      // The overall bars' term (the per-page cards for phones name the scores too).
      const term = within(fidelity).getAllByText(label, { selector: 'dt' })[0]!;
      expect(term.nextElementSibling?.nextElementSibling).toHaveTextContent(value);
    }
    expect(within(fidelity).getByText('5 of 6 passed')).toBeInTheDocument();
    const identityList = within(fidelity).getByText('5 of 6 passed').nextElementSibling;
    const checks = within(identityList as HTMLElement).getAllByRole('listitem');
    expect(checks.map((item) => item.textContent)).toEqual([
      'Brand colour: passed — #fed136 on the primary button',
      'Logo: passed — image in the header',
      'Hero image: passed — header-bg.jpg, full-bleed',
      'Navigation: failed — 4 of 5 menu itemsExpected: Services, Portfolio, About, Team, Contact',
      'Site name: passed — Start Bootstrap (logo alt)',
      'Fonts: passed — Montserrat, Droid Serif',
    ]);

    const neverWorse = within(fidelity).getByText('Never worse than the original');
    const neverWorseChecks = within(
      neverWorse.nextElementSibling!.nextElementSibling as HTMLElement,
    ).getAllByRole('listitem');
    expect(within(neverWorse.parentElement!).getByText('1 of 2 passed')).toBeInTheDocument();
    // Failures show; the passed checks open on demand (the report stays compact on a phone).
    expect(neverWorseChecks.map((item) => item.textContent)).toEqual([
      "Logo at its size: failed — 41 px high (41×41), the original 170 px (170×170)Expected: at least half the original's 170 px high, and at least 32 px",
    ]);
    const passedChecks = within(neverWorse.parentElement!).getByText('Passed checks (1)');
    expect(passedChecks.closest('details')).not.toHaveAttribute('open');
    await user.click(passedChecks);
    expect(
      within(passedChecks.closest('details')!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['No picture shown twice: passed — none on 2 pages']);

    // Per page, on demand: the scores and the weakest sections.
    const perPage = within(fidelity).getByText('Scores per page (2)');
    expect(perPage.closest('details')).not.toHaveAttribute('open');
    await user.click(perPage);
    expect(perPage.closest('details')).toHaveAttribute('open');
    const rows = within(fidelity).getAllByRole('row');
    const home = rows.find((row) => within(row).queryByRole('rowheader')?.textContent === '/')!;
    expect(
      within(home)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['97 %', '100 %', '92 %', '90 %', '85 %']);
    // Sections by name, never by CSS selector.
    expect(home.nextElementSibling).toHaveTextContent('Weakest sections: Header 61 %');
    const menu = rows.find((row) => within(row).queryByRole('rowheader')?.textContent === '/menu')!;
    // No weakest sections measured: no line for them.
    expect(menu.nextElementSibling).toBeNull();
  });

  it('shows Lighthouse as measuring after delivery, then its figures when they join the report', async () => {
    const report = buildReport({ lighthouse: undefined });
    signInAs(createMockUser({ email: 'ada@example.com' }));
    const summary = {
      pages: report.pages.length,
      routes: report.pages.map((page) => page.route),
      text_coverage: 1,
      build_ok: true,
      not_carried: 0,
      screenshots: SCREENSHOTS,
    };
    const project = createMockProject({
      name: 'Agency',
      report_summary: { ...summary, lighthouse_status: 'measuring' as const },
      report_url: '/api/projects/x/report',
    });
    mockDb.reports.set(project.id, report);
    const { user } = renderApp('/dashboard');
    const card = await screen.findByRole('listitem', { name: 'Agency' });
    await user.click(within(card).getByRole('button', { name: 'View report' }));
    expect(await within(card).findByText(/^Measuring… Lighthouse runs once/)).toBeVisible();

    // The worker's figures land: the server's project event carries the new status.
    const lighthouse = {
      before: { performance: 52, accessibility: 71, bestPractices: 78, seo: 82 },
      after: { performance: 99, accessibility: 100, bestPractices: 100, seo: 100 },
    };
    mockDb.reports.set(project.id, { ...report, lighthouse });
    await waitFor(() => expect(mockDb.eventStreams.length).toBeGreaterThan(0));
    const updated = {
      ...project,
      report_summary: { ...summary, lighthouse, lighthouse_status: 'done' },
    };
    act(() =>
      mockDb.eventStreams[0]!.send(
        `event: project\ndata: ${JSON.stringify({ type: 'UPDATE', project: updated })}\n\n`,
      ),
    );
    const performance = await within(card).findByRole('row', { name: /Performance/ });
    expect(performance).toHaveTextContent('52');
    expect(performance).toHaveTextContent('99');
    expect(within(card).queryByText(/^Measuring…/)).not.toBeInTheDocument();
  });

  it('says when Lighthouse could not be measured after delivery', async () => {
    const report = buildReport({ lighthouse: undefined });
    signInAs(createMockUser({ email: 'ada@example.com' }));
    const project = createMockProject({
      name: 'Agency',
      report_summary: {
        pages: report.pages.length,
        routes: report.pages.map((page) => page.route),
        text_coverage: 1,
        build_ok: true,
        not_carried: 0,
        screenshots: SCREENSHOTS,
        lighthouse_status: 'failed',
      },
      report_url: '/api/projects/x/report',
    });
    mockDb.reports.set(project.id, report);
    const { user } = renderApp('/dashboard');
    const card = await screen.findByRole('listitem', { name: 'Agency' });
    await user.click(within(card).getByRole('button', { name: 'View report' }));
    expect(
      await within(card).findByText('Lighthouse could not be measured for this run.'),
    ).toBeVisible();
  });

  it('says fidelity was not measured when the report has none, and still shows the rest', async () => {
    const { card } = await openReport(buildReport({ fidelity: undefined, lighthouse: undefined }));
    expect(within(card).queryByText(/^Fidelity \d+ %$/)).not.toBeInTheDocument();
    const fidelity = within(card).getByRole('region', { name: 'Fidelity' });
    expect(fidelity).toHaveTextContent(/Not measured for this run/);
    expect(within(fidelity).queryByRole('list')).not.toBeInTheDocument();
    expect(within(card).getByText('Lighthouse was not measured for this run.')).toBeVisible();
    expect(
      within(card).getByRole('slider', { name: 'Compare Home at desktop width' }),
    ).toBeVisible();
    expect(within(card).getByText('All 6 checks passed')).toBeInTheDocument();
  });

  it('groups what was not carried by kind and reason, with counts, and lists the pages on demand', async () => {
    const { card, user } = await openReport(buildReport());
    expect(within(card).getByText('71 entries')).toBeInTheDocument();
    const scripts = within(card)
      .getByText('Behaviour is rebuilt in React; scripts are not carried')
      .closest('details')!;
    const embeds = within(card)
      .getByText('Embedded players, applets and frames are not carried')
      .closest('details')!;
    // Two groups instead of 71 rows; the bigger group first.
    expect(scripts.compareDocumentPosition(embeds) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(scripts).getByText('2 items on 35 pages')).toBeInTheDocument();
    expect(within(embeds).getByText('1 item on 1 page')).toBeInTheDocument();
    expect(scripts).not.toHaveAttribute('open');

    await user.click(within(scripts).getByText('2 items on 35 pages'));
    expect(scripts).toHaveAttribute('open');
    const items = within(scripts).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/^jquery\.min\.jsOn 35 pages: \/, \/p1\.html, \/p2\.html/);
    expect(items[1]).toHaveTextContent('analytics.js');
    expect(within(embeds).getByText('On /contact.html')).toBeInTheDocument();
  });

  it('compares every page before and after, at desktop and mobile width', async () => {
    const { card, user } = await openReport(buildReport());
    const original = within(card).getByRole('img', { name: 'Original: Home at desktop width' });
    expect(original).toHaveAttribute(
      'src',
      expect.stringMatching(
        /\/api\/projects\/project-\d+\/screenshots\/before\/index-desktop\.png$/,
      ),
    );
    expect(
      within(card).getByRole('img', { name: 'Rebuild: Home at desktop width' }),
    ).toHaveAttribute('src', expect.stringMatching(/\/screenshots\/after\/index-desktop\.png$/));

    const picker = within(card).getByRole('combobox', { name: 'Page (3)' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['/ — Home', '/menu — Our menu', '/team — Team']);
    await user.selectOptions(picker, '/menu — Our menu');
    await user.click(within(card).getByRole('button', { name: 'Mobile (375 px)' }));
    expect(within(card).getByRole('button', { name: 'Mobile (375 px)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      within(card).getByRole('slider', { name: 'Compare Our menu at mobile width' }),
    ).toBeVisible();
    expect(
      within(card).getByRole('img', { name: 'Original: Our menu at mobile width' }),
    ).toHaveAttribute('src', expect.stringMatching(/\/screenshots\/before\/menu-mobile\.png$/));

    // The original of /team could not be screenshotted: the rebuild alone, said so.
    await user.selectOptions(picker, '/team — Team');
    expect(within(card).getByText('No screenshots of this page.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Desktop (1440 px)' }));
    expect(within(card).queryByRole('slider')).not.toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Rebuild: Team at desktop width' })).toBeVisible();
    expect(
      within(card).getByText('The rebuild only: the original page could not be screenshotted.'),
    ).toBeInTheDocument();
  });

  it('says so when the run took no screenshots', async () => {
    const { card } = await openReport(buildReport(), []);
    expect(within(card).getByText('No screenshots were taken for this run.')).toBeInTheDocument();
  });
});

describe('before/after slider', () => {
  function renderSlider() {
    render(
      <BeforeAfterSlider
        label="Compare Home at desktop width"
        before={{ src: '/before.png', alt: 'Original' }}
        after={{ src: '/after.png', alt: 'Rebuild' }}
        width={1440}
        height={900}
      />,
    );
    return screen.getByRole('slider', { name: 'Compare Home at desktop width' });
  }

  const clipOf = () => screen.getByRole('img', { name: 'Original' }).style.clipPath;

  it('is a labelled slider that starts in the middle', () => {
    const slider = renderSlider();
    expect(slider).toHaveAttribute('tabindex', '0');
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '100');
    expect(slider).toHaveAttribute('aria-valuenow', '50');
    expect(slider).toHaveAttribute('aria-valuetext', '50 % original, 50 % rebuild');
    expect(clipOf()).toBe('inset(0 50% 0 0)');
  });

  it('moves with the arrow, Page Up/Down, Home and End keys, within 0..100', async () => {
    const user = userEvent.setup();
    const slider = renderSlider();
    await user.tab();
    expect(slider).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '55');
    expect(clipOf()).toBe('inset(0 45% 0 0)');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '65');
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expect(slider).toHaveAttribute('aria-valuenow', '55');
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(slider).toHaveAttribute('aria-valuenow', '54');
    await user.keyboard('{PageUp}{PageUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    await user.keyboard('{PageDown}');
    expect(slider).toHaveAttribute('aria-valuenow', '75');
    await user.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    expect(slider).toHaveAttribute('aria-valuetext', '0 % original, 100 % rebuild');
    expect(clipOf()).toBe('inset(0 100% 0 0)');
    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
  });

  it('says so instead of showing broken pictures when a screenshot cannot be loaded', () => {
    const slider = renderSlider();
    fireEvent.error(screen.getByRole('img', { name: 'Rebuild' }));
    expect(slider).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The screenshots could not be loaded.');
  });

  it('follows a pointer pressed on the picture', () => {
    const slider = renderSlider();
    const frame = slider.parentElement!;
    frame.getBoundingClientRect = () => ({ left: 100, width: 400, top: 0, height: 250 }) as DOMRect;
    fireEvent.pointerDown(frame, { button: 0, clientX: 200, pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '25');
    fireEvent.pointerMove(frame, { clientX: 400, pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '75');
    fireEvent.pointerUp(frame, { pointerId: 1 });
    fireEvent.pointerMove(frame, { clientX: 150, pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '75');
  });
});

describe('report helpers', () => {
  it('groups the same failure for several addresses as one reason, each address a thing', () => {
    const page = 'http://127.0.0.1:3962/index.html';
    const reason = (url: string) => `Embedded ${url} could not be loaded (DNS lookup failed).`;
    const groups = groupNotCarried([
      { kind: 'embed', what: 'a', page, reason: reason('http://placehold.it/700x450') },
      { kind: 'embed', what: 'b', page, reason: reason('http://placehold.it/900x300&text=Slide') },
    ]);
    expect(groups).toEqual([
      {
        kind: 'embed',
        reason: reason('…'),
        items: [
          { what: 'http://placehold.it/700x450', pages: [page] },
          { what: 'http://placehold.it/900x300&text=Slide', pages: [page] },
        ],
        pages: [page],
      },
    ]);
  });

  it('reads rows of older reports as files with their kind, not as pages "Skipped asset …:"', () => {
    const page = 'http://127.0.0.1:3962/index.html';
    const font = 'http://127.0.0.1:3962/fonts/icons.ttf';
    const groups = groupNotCarried([
      // The asset named only in the reason, on the page that showed it.
      {
        kind: 'page',
        what: page,
        page,
        reason: 'Skipped asset http://127.0.0.1:3962/img/%E7%B1%B3.png: HTTP 404',
      },
      // The asset as its own page.
      { kind: 'page', what: font, page: font, reason: `Skipped asset ${font}: HTTP 404` },
      {
        kind: 'page',
        what: 'http://127.0.0.1:3962/site.css',
        page: 'http://127.0.0.1:3962/site.css',
        reason: 'Skipped stylesheet http://127.0.0.1:3962/site.css: HTTP 500',
      },
      { kind: 'page', what: page, page, reason: 'The page was not planned' },
    ]);
    const cause = (text: string) => `Could not be downloaded from the original site: ${text}`;
    expect(groups).toEqual([
      {
        kind: 'image',
        reason: cause('HTTP 404'),
        items: [{ what: 'http://127.0.0.1:3962/img/%E7%B1%B3.png', pages: [page] }],
        pages: [page],
      },
      { kind: 'font', reason: cause('HTTP 404'), items: [{ what: font, pages: [] }], pages: [] },
      {
        kind: 'style',
        reason: cause('HTTP 500'),
        items: [{ what: 'http://127.0.0.1:3962/site.css', pages: [] }],
        pages: [],
      },
      // A page that was not read is not "on" itself.
      {
        kind: 'page',
        reason: 'The page was not planned',
        items: [{ what: page, pages: [] }],
        pages: [],
      },
    ]);
    expect(groups.map((group) => toKindLabel(group.kind))).toEqual([
      'Image',
      'Font',
      'Stylesheet',
      'Page',
    ]);
  });

  it('decodes paths for people, safely', () => {
    expect(toReadablePath('/%E7%B1%B3/%E7%B2%89.html')).toBe('/米/粉.html');
    expect(toReadablePath('http://a.example/caf%C3%A9?q=%E7%B1%B3')).toBe(
      'http://a.example/café?q=米',
    );
    // A broken escape keeps its segment; an encoded slash or space stays encoded.
    expect(toReadablePath('/100%/a%2Fb/c%20d')).toBe('/100%/a%2Fb/c%20d');
    expect(toReadableWhat('Google Analytics')).toBe('Google Analytics');
    expect(toReadableWhat('/caf%C3%A9 menu')).toBe('/caf%C3%A9 menu');
    expect(toReadableWhat('http://a.example/caf%C3%A9')).toBe('http://a.example/café');
    expect(toReadablePageLabel('http://a.example/%E7%B1%B3/', 'http://a.example/')).toBe('/米/');
    expect(toReadablePageLabel('http://b.example/%E7%B1%B3', 'http://a.example/')).toBe(
      'http://b.example/米',
    );
  });

  it('names measured sections by their kind, never by a CSS selector', () => {
    expect(toSectionName('body > nav.navbar.navbar-inverse')).toBe('Navigation bar');
    expect(toSectionName('body > div#root > main > section#menu')).toBe('Section “menu”');
    expect(toSectionName('body > header')).toBe('Header');
    expect(toSectionName('body > div.container > footer.site-footer')).toBe('Footer');
    expect(toSectionName('body > div.carousel.slide')).toBe('Slideshow');
    expect(toSectionName('body > header > div.row:nth-of-type(2)')).toBe('Part of the header 2');
    expect(toSectionName('body > div.container > div.row:nth-of-type(3)')).toBe('Content block 3');
    expect(toSectionName('body')).toBe('Whole page');
    // Table layouts: rows and columns, not "Part of the table 3".
    expect(toSectionName('body > table > tbody > tr:nth-of-type(2) > td:nth-of-type(1)')).toBe(
      'Row 2, column 1',
    );
    expect(toSectionName('body > table > tbody > tr:nth-of-type(3)')).toBe('Row 3');
    expect(toSectionName('body > table > tbody > tr > td:nth-of-type(2)')).toBe('Column 2');
    expect(toSectionName('body > table:nth-of-type(2) > tbody')).toBe('Table');
    expect(
      toSectionName(
        'body > table > tbody > tr:nth-of-type(2) > td:nth-of-type(1) > div:nth-of-type(3)',
      ),
    ).toBe('Block 3 of row 2, column 1');
    expect(toSectionName('body > table > tbody > tr:nth-of-type(2) > td > font > p')).toBe(
      'Paragraph',
    );
    expect(toSectionName('body > table > tbody > tr:nth-of-type(4) > td > div')).toBe(
      'Part of row 4',
    );
    expect(toSectionName('')).toBe('Page section');
  });

  it('names screenshots by route the way the engine does', () => {
    expect(toRouteSlug('/')).toBe('index');
    expect(toRouteSlug('/about/team/')).toBe('about-team');
    expect(toRouteSlug('/menu?x=1#top')).toBe('menu');
    expect(toRouteSlug('/caf\u00e9 & bar')).toBe('caf-bar');
  });

  it('groups not-carried rows without repeating a page or a thing', () => {
    const groups = groupNotCarried([
      { kind: 'script', what: 'a.js', page: '/x', reason: 'r' },
      { kind: 'script', what: 'a.js', page: '/x', reason: 'r' },
      { kind: 'script', what: 'b.js', page: '/y', reason: 'r' },
      { kind: 'script', what: 'c.js', page: '/y', reason: 'other' },
      { kind: 'form', what: 'a.js', page: '', reason: 'r' },
    ]);
    expect(groups).toEqual([
      {
        kind: 'script',
        reason: 'r',
        items: [
          { what: 'a.js', pages: ['/x'] },
          { what: 'b.js', pages: ['/y'] },
        ],
        pages: ['/x', '/y'],
      },
      { kind: 'script', reason: 'other', items: [{ what: 'c.js', pages: ['/y'] }], pages: ['/y'] },
      { kind: 'form', reason: 'r', items: [{ what: 'a.js', pages: [] }], pages: [] },
    ]);
  });
});
