import { describe, expect, it } from 'vitest';
import { renderPublicPage } from './entry-server';

// Issue 13 item 6: the public pages are rendered to HTML at build time (scripts/prerender.mjs calls
// renderPublicPage) and hydrated by hydrate-public.tsx with the same tree. Hydration itself is tested
// in a real browser against the real build (e2e/public-pages.spec.ts).

describe('prerendered public pages', () => {
  it('renders the whole landing page, lower sections included, without scripts', async () => {
    const html = await renderPublicPage('/');
    expect(html).toContain('Turn any outdated website into a');
    expect(html).toContain('One credit modernizes one site');
    expect(html).toContain('Do I own the generated code?');
    expect(html).toContain('<title>Sitelift — modernize any website into React + Vite + Tailwind');
    expect(html).not.toMatch(/<script|<template/);
    // Rendered as a visitor whose session is still loading: no guest or account links yet.
    expect(html).not.toContain('>Sign In<');
  });

  it('claims only what this server does (issue 22): no AI, API access and batches live', async () => {
    const html = await renderPublicPage('/');
    // No model runs today: the rebuild is rule-based (lib/ai-designer.ts).
    expect(html).not.toMatch(/\bAI\b/);
    expect(html).toContain('Automatic code generation');
    expect(html).toContain('Automatic Modernization');
    // The Scale card and the roadmap agree: API access and batches are built (issue 26).
    expect(html).not.toContain('API access (in development)');
    expect(html).toMatch(/Live<\/h3><ul[^>]*>(?:(?!<\/ul>).)*API access</);
    expect(html).toMatch(/Live<\/h3><ul[^>]*>(?:(?!<\/ul>).)*Batch processing of URL lists</);
    // A visitor is offered the free first site (a signed-in user is not: e2e/share-preview.spec.ts).
    expect(html).toContain('Modernize Your First Site for Free');
  });

  it('lists one-click deployment as live only where a host is offered (issue 27)', async () => {
    const live = /Live<\/h3><ul[^>]*>(?:(?!<\/ul>).)*One-click deployment to hosting platforms/;
    const inDevelopment =
      /In development<\/h3><ul[^>]*>(?:(?!<\/ul>).)*One-click deployment to hosting platforms/;
    const offered = await renderPublicPage('/', { githubExport: true, hostingOffer: true });
    expect(offered).toMatch(live);
    expect(offered).not.toMatch(inDevelopment);
    // Nothing is left in development then: that group is not shown.
    expect(offered).not.toContain('In development');
    const notOffered = await renderPublicPage('/', { githubExport: true });
    expect(notOffered).toMatch(inDevelopment);
    expect(notOffered).not.toMatch(live);
  });

  it('renders /terms and /privacy', async () => {
    expect(await renderPublicPage('/terms')).toMatch(/<h1[^>]*>Terms of Service<\/h1>/);
    expect(await renderPublicPage('/privacy')).toMatch(/<h1[^>]*>Privacy Policy<\/h1>/);
  });
});

// Issue 14: the landing page claims GitHub only where it is configured; each page is rendered in both
// variants and the server sends the one that matches.
describe('the GitHub variants of the public pages', () => {
  it('offers GitHub when the server has it configured', async () => {
    const html = await renderPublicPage('/', { githubExport: true });
    expect(html).toContain('Download the code as a zip or push it to GitHub.');
    expect(html).toContain('Full repository export');
    expect(html).toContain('publish it to a new GitHub repository');
    expect(html).toContain('delivered as a zip or a GitHub repository');
    expect(html).toContain('From old URL to new repository in three steps');
    expect(html).toContain('>GitHub integration<');
  });

  it('offers the zip download only, and lists GitHub export as not enabled, without it', async () => {
    const html = await renderPublicPage('/', { githubExport: false });
    expect(html).toContain('No credit card needed. Download the code as a zip.');
    expect(html).not.toMatch(/push it to GitHub|Full repository export|new GitHub repository/);
    expect(html).toContain('Full project download as a zip');
    expect(html).toContain('Export to a GitHub repository (not enabled on this server)');
    expect(html).toContain('From old URL to new project in three steps');
    expect(html).toContain('GitHub integration (not enabled on this server)');
    expect(html).toContain(
      'Download the project as a zip, with a report of what was carried over.',
    );
    const terms = await renderPublicPage('/terms', { githubExport: false });
    expect(terms).not.toContain('delivered as a zip or a GitHub repository');
    expect(terms).toContain('delivered as a zip.');
    expect(terms).toContain('You receive the result as a downloadable archive.');
  });
});

// Issue 25: the AI variant, sent by a server with a default model (AI_PROVIDER, AI_MODEL).
describe('the AI variant of the landing page', () => {
  it('says AI code generation and AI Modernization only in the AI variant', async () => {
    const html = await renderPublicPage('/', { githubExport: true, aiDesigner: true });
    expect(html).toContain('AI code generation');
    expect(html).toContain('AI Modernization');
    expect(html).not.toContain('Automatic code generation');
    const rules = await renderPublicPage('/', { githubExport: true, aiDesigner: false });
    expect(rules).not.toContain('AI code generation');
  });
});
