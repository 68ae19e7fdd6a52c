import {
  DIAGNOSTIC_CODES,
  ERROR_CODES,
  RETIRED_DIAGNOSTIC_CODES,
  type ErrorCode,
} from '@sitelift/shared/error-codes';
import { LIMIT_MESSAGES, type LimitCode } from '@sitelift/shared/error-codes/limits';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { rawSiteSchema } from './contract/raw-site';
import { STAGES, type Diagnostic } from './types';

// The prefix convention of decision 020: `<AREA>_<PART>_<WHAT>`, an engine code's PART its stage.
const AREAS = ['API', 'ENGINE', 'JOB'];
const ENGINE_STAGE_PARTS = STAGES.map((stage) => stage.toUpperCase());
/** Engine error codes from before the convention, kept because jobs store them. Never add to it. */
const ENGINE_CODES_BEFORE_CONVENTION = [
  'ENGINE_URL_INVALID',
  'ENGINE_BUILD_FAILED',
  'ENGINE_WORKDIR_INVALID',
];
const SHAPE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+){2,}$/u;

const diagnosticCodes = Object.keys(DIAGNOSTIC_CODES);
const errorCodes = Object.keys(ERROR_CODES);

describe('the code catalogues (decision 020)', () => {
  it('types Diagnostic.code as the diagnostics catalogue’s codes, so an ad-hoc code fails typecheck', () => {
    expectTypeOf<Diagnostic['code']>().toEqualTypeOf<keyof typeof DIAGNOSTIC_CODES>();
    // @ts-expect-error: not in the catalogue
    const stray: Diagnostic = { level: 'warning', code: 'FETCH_PAGE_SKIPPED', message: '' };
    expect(stray.code).toBe('FETCH_PAGE_SKIPPED');
  });

  it('names every diagnostic ENGINE_<STAGE>_<WHAT>', () => {
    for (const code of diagnosticCodes) {
      expect(code).toMatch(SHAPE);
      const [area, part] = code.split('_');
      expect({ code, area, isStage: ENGINE_STAGE_PARTS.includes(part!) }).toEqual({
        code,
        area: 'ENGINE',
        isStage: true,
      });
    }
  });

  it('names every error code <AREA>_…, an engine one ENGINE_<STAGE or PIPELINE>_…', () => {
    for (const code of errorCodes) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/u);
      const [area, part] = code.split('_');
      expect({ code, hasArea: AREAS.includes(area!) }).toEqual({ code, hasArea: true });
      if (area === 'ENGINE' && !ENGINE_CODES_BEFORE_CONVENTION.includes(code)) {
        expect({ code, part }).toEqual({
          code,
          part: expect.toSatisfy((value: string) =>
            [...ENGINE_STAGE_PARTS, 'PIPELINE'].includes(value),
          ),
        });
      }
    }
  });

  it('keeps diagnostics and errors apart and never reuses a retired code', () => {
    expect(diagnosticCodes.filter((code) => errorCodes.includes(code))).toEqual([]);
    const live = new Set([...diagnosticCodes, ...errorCodes]);
    expect(RETIRED_DIAGNOSTIC_CODES.filter((code) => live.has(code))).toEqual([]);
  });

  it('does not reuse a saved stage output whose diagnostics carry a retired code', () => {
    const raw = (code: string) => ({
      startUrl: 'https://example.test/',
      finalUrl: 'https://example.test/',
      pages: [],
      stylesheets: [],
      assets: [],
      diagnostics: [{ level: 'warning', code, message: 'Skipped' }],
      notRead: [],
    });
    expect(rawSiteSchema.safeParse(raw('ENGINE_FETCH_PAGE_SKIPPED')).success).toBe(true);
    expect(rawSiteSchema.safeParse(raw('FETCH_PAGE_SKIPPED')).success).toBe(false);
  });

  it('builds limit messages only for catalogue error codes', () => {
    expectTypeOf<LimitCode>().toExtend<ErrorCode>();
    expect(Object.keys(LIMIT_MESSAGES).filter((code) => !errorCodes.includes(code))).toEqual([]);
  });
});
