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

  it('renders /terms and /privacy', async () => {
    expect(await renderPublicPage('/terms')).toMatch(/<h1[^>]*>Terms of Service<\/h1>/);
    expect(await renderPublicPage('/privacy')).toMatch(/<h1[^>]*>Privacy Policy<\/h1>/);
  });
});
