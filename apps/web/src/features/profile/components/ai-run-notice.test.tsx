import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { estimateAiUsage } from '@sitelift/shared/billing/ai-estimate';
import { createMockUser, mockDb, signInAs } from '../../../testing/mocks/db';
import { renderApp } from '../../../testing/test-utils';

describe('the create form’s AI line', () => {
  it('says the rebuild runs offline when no model is configured', async () => {
    signInAs(createMockUser());
    renderApp('/create-project');
    expect(
      await screen.findByText(/No model configured — the rebuild runs offline\./),
    ).toBeInTheDocument();
  });

  it('names the server default and estimates tokens and cost once the site check counts pages', async () => {
    mockDb.ai.default = { provider: 'openai', model: 'gpt-4o-mini' };
    signInAs(createMockUser());
    const { user } = renderApp('/create-project');
    const line = await screen.findByText(/AI will review this rebuild with/);
    expect(line).toHaveTextContent('OpenAI · gpt-4o-mini (the server default)');
    expect(screen.getByText(/Up to 200,000 tokens per rebuild/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Website URL'), 'old.example.com');
    await user.tab();
    // The default site check finds 2 pages; the default's price is $0.15 / $0.60 per million.
    const expected = estimateAiUsage(2, 200_000, { input: 0.15, output: 0.6 });
    expect(
      await screen.findByText(
        `Estimate for 2 pages: up to ${expected.tokens.toLocaleString('en-US')} tokens, about < $0.01.`,
        { exact: false },
      ),
    ).toBeInTheDocument();
  });

  it('says the month’s budget is spent: the rebuild runs offline', async () => {
    mockDb.ai.default = { provider: 'openai', model: 'gpt-4o-mini' };
    mockDb.ai.tokens = mockDb.ai.budget;
    signInAs(createMockUser());
    renderApp('/create-project');
    expect(
      await screen.findByText(/This month's AI budget is spent — the rebuild runs offline\./),
    ).toBeInTheDocument();
  });
});
