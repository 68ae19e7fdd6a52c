import { siteliftReportSchema } from '@sitelift/shared/schemas/report';
import { describe, expect, it } from 'vitest';
import type { VerifyReport } from '../../types';
import { toSiteliftReport } from './to-sitelift-report';

const verify = {
  build: { ok: true, ms: 1000 },
  textCoverage: 1,
  overflow375: [],
  consoleErrors: [],
  brokenImages: [],
} as unknown as VerifyReport;

describe('toSiteliftReport', () => {
  it("gives a page of a kind its kind's name, and a page of its own none (issue 24)", () => {
    const report = toSiteliftReport({
      sourceUrl: 'http://shop.example/',
      strategy: 'STYLE_MODERNIZATION',
      pages: [
        { url: 'http://shop.example/', route: '/', title: 'Home' },
        { url: 'http://shop.example/blog/1.html', route: '/blog/1', title: 'One', kind: 'post' },
      ],
      verify,
      notCarried: [],
      notRead: [],
      timings: {},
    });
    expect(report.pages).toEqual([
      { url: 'http://shop.example/', route: '/', title: 'Home' },
      { url: 'http://shop.example/blog/1.html', route: '/blog/1', title: 'One', kind: 'post' },
    ]);
    expect(siteliftReportSchema.parse(report).pages[1]?.kind).toBe('post');
  });

  it('says which animations the start route runs with motion allowed (decision record 092)', () => {
    const motion = {
      route: '/',
      animations: [
        { name: 'motion-lift', trigger: 'load' as const, count: 1 },
        { name: 'motion-rise', trigger: 'scroll' as const, count: 3 },
      ],
    };
    const report = toSiteliftReport({
      sourceUrl: 'http://shop.example/',
      strategy: 'FULL_REBUILD',
      pages: [{ url: 'http://shop.example/', route: '/', title: 'Home' }],
      verify: { ...verify, motion },
      notCarried: [],
      notRead: [],
      timings: {},
    });
    expect(siteliftReportSchema.parse(report).verification.motion).toEqual(motion);
    const without = toSiteliftReport({
      sourceUrl: 'http://shop.example/',
      strategy: 'STYLE_MODERNIZATION',
      pages: [{ url: 'http://shop.example/', route: '/', title: 'Home' }],
      verify,
      notCarried: [],
      notRead: [],
      timings: {},
    });
    expect(without.verification.motion).toBeUndefined();
  });
});
