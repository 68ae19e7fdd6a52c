import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../types';
import { extractSite } from '../extract/extract-site';
import { toRawSite } from '../generate/testing/load-fixture';
import { listNotCarried } from './expectations';
import { planSite } from './plan-site';

const PAGE = 'http://site.example/index.html';

/** A one-page site whose fetch could not download a picture, a font, a stylesheet and a page. */
function siteWithSkippedFiles() {
  const raw = toRawSite(
    `<html><head><title>Bakery</title></head><body><h1>Corner Bakery</h1>
     <p>Fresh bread every morning since 1987, baked with flour, water and time.</p>
     <img src="/img/%E7%B1%B3.jpg" alt="Rice bread"></body></html>`,
    PAGE,
  );
  const skipped = (code: Diagnostic['code'], url: string, message: string): Diagnostic => ({
    level: 'warning',
    code,
    url,
    message,
  });
  raw.diagnostics.push(
    skipped(
      'ENGINE_FETCH_ASSET_SKIPPED',
      'http://site.example/img/%E7%B1%B3.jpg',
      'Skipped asset http://site.example/img/%E7%B1%B3.jpg: HTTP 404',
    ),
    skipped(
      'ENGINE_FETCH_ASSET_SKIPPED',
      'http://site.example/fonts/icons.ttf',
      'Skipped asset http://site.example/fonts/icons.ttf: larger than 5 MB',
    ),
    skipped(
      'ENGINE_FETCH_STYLESHEET_SKIPPED',
      'http://site.example/css/site.css',
      'Skipped stylesheet http://site.example/css/site.css: HTTP 500',
    ),
    skipped(
      'ENGINE_FETCH_PAGE_SKIPPED',
      'http://site.example/old.html',
      'Skipped http://site.example/old.html: HTTP 404',
    ),
  );
  const model = extractSite(raw);
  return { model, plan: planSite(model, { strategy: 'INCREMENTAL_UPDATE' }) };
}

describe('listNotCarried: files that did not download', () => {
  it('lists each file with its own kind, once, with the cause and without "Skipped asset …:"', () => {
    const { model, plan } = siteWithSkippedFiles();
    const rows = listNotCarried(model, plan);
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          kind: 'image',
          what: 'http://site.example/img/%E7%B1%B3.jpg',
          page: PAGE,
          reason: 'Could not be downloaded from the original site: HTTP 404',
        },
        {
          kind: 'font',
          what: 'http://site.example/fonts/icons.ttf',
          page: '',
          reason: 'Could not be downloaded from the original site: larger than 5 MB',
        },
        {
          kind: 'style',
          what: 'http://site.example/css/site.css',
          page: '',
          reason: 'Could not be downloaded from the original site: HTTP 500',
        },
        {
          kind: 'page',
          what: 'http://site.example/old.html',
          page: 'http://site.example/old.html',
          reason: 'The page could not be read: HTTP 404',
        },
      ]),
    );
    // No file is a page, none is its own page, no reason keeps the log's wording.
    for (const row of rows) {
      expect(row.reason).not.toMatch(/^Skipped/);
      if (row.kind !== 'page') expect(row.page).not.toBe(row.what);
    }
    expect(rows.filter((row) => row.what.endsWith('%E7%B1%B3.jpg'))).toHaveLength(1);
  });
});
