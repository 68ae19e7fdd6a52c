import { describe, expect, it } from 'vitest';
import { designSite } from '../design/designer';
import { extractSite } from '../stages/extract/extract-site';
import { toRawPage } from '../stages/generate/testing/load-fixture';
import { planSite } from '../stages/plan/plan-site';
import type { RawSite } from '../types';
import { createAiDesigner, designPrompt, type AiDesignAnswer } from './ai-designer';
import type { AiCallRequest, AiCallResult, AiClient } from './types';

const raw: RawSite = {
  startUrl: 'http://shop.example/',
  finalUrl: 'http://shop.example/',
  notRead: [],
  stylesheets: [],
  assets: [],
  diagnostics: [],
  pages: [
    toRawPage(
      'http://shop.example/',
      `<!doctype html><html lang="en"><head><title>Shop</title></head><body><main>
      <h1>Shop</h1><p>Tools for the garden.</p><h2>Questions</h2><p>Ask us anything.</p></main></body></html>`,
      0,
    ),
  ],
};

/** A client that answers every call with `answer` and records the requests. */
function fakeClient(
  answer: AiDesignAnswer | undefined,
): AiClient & { asked: AiCallRequest<unknown>[] } {
  const asked: AiCallRequest<unknown>[] = [];
  return {
    asked,
    provider: 'openai',
    model: 'gpt-4o',
    config: {} as AiClient['config'],
    allows: () => true,
    note: () => undefined,
    summary: () => ({}) as ReturnType<AiClient['summary']>,
    async call<T>(request: AiCallRequest<T>): Promise<AiCallResult<T>> {
      asked.push(request as AiCallRequest<unknown>);
      if (answer === undefined) return { ok: false, reason: 'timeout', message: 'slow', ms: 1 };
      const parsed = request.schema.parse(answer);
      return { ok: true, value: parsed, usage: { input: 1, output: 1 }, cached: false, ms: 1 };
    },
  };
}

const colors = {
  primary: '#1a4d8f',
  onPrimary: '#ffffff',
  accent: '#8f1a1a',
  onAccent: '#ffffff',
  background: '#ffffff',
  surface: '#f5f5f5',
  text: '#111111',
  muted: '#555555',
  border: '#dddddd',
  link: '#1a4d8f',
};

describe('createAiDesigner', () => {
  const model = extractSite(raw);
  const plan = planSite(model, { strategy: 'FULL_REBUILD' });
  const questions = plan.pages[0]!.sections.find((section) => section.id === 'questions')!;

  it('lists every section by its key and applies the variants and colours it answers', async () => {
    const ai = fakeClient({
      colors,
      radius: 'large',
      header: 'brand',
      sections: [{ key: `/#${questions.id}`, variant: 'accordion' }],
    });
    const designed = await designSite(model, plan, createAiDesigner(ai));
    expect(designPrompt(model, plan)).toContain(`/#${questions.id}: ${questions.variant}`);
    expect(designed.designer).toBe('ai:openai/gpt-4o');
    expect(designed.design.tokens.colors.primary).toBe('#1a4d8f');
    expect(designed.design.tokens.radius).toBe('large');
    // What the model does not choose stays the offline designer's.
    expect(designed.design.tokens.fonts).toEqual(plan.design.tokens.fonts);
    expect(designed.pages[0]!.sections.find((s) => s.id === 'questions')?.variant).toBe(
      'accordion',
    );
  });

  it('keeps the offline design when the answer fails checkDesign (unknown section, contrast)', async () => {
    const unknown = fakeClient({
      colors,
      radius: 'small',
      header: 'light',
      sections: [{ key: '/#nope', variant: 'cards' }],
    });
    const a = await designSite(model, plan, createAiDesigner(unknown));
    expect(a.design).toEqual(plan.design);
    expect(a.diagnostics.at(-1)?.code).toBe('ENGINE_PLAN_DESIGN_REJECTED');
    const pale = fakeClient({
      colors: { ...colors, text: '#eeeeee' },
      radius: 'small',
      header: 'light',
      sections: [],
    });
    const b = await designSite(model, plan, createAiDesigner(pale));
    expect(b.design).toEqual(plan.design);
    expect(b.diagnostics.at(-1)?.message).toContain('contrast');
  });

  it('keeps the offline design when the call fails', async () => {
    const designed = await designSite(model, plan, createAiDesigner(fakeClient(undefined)));
    expect(designed.design).toEqual(plan.design);
    expect(designed.diagnostics.at(-1)?.code).toBe('ENGINE_PLAN_DESIGN_FAILED');
  });
});
