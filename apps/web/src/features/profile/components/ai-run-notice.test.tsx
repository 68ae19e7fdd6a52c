import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { estimateAiUsage } from '@sitelift/shared/billing/ai-estimate';
import { createMockUser, mockDb, signInAs } from '../../../testing/mocks/db';
import { renderApp } from '../../../testing/test-utils';
import { AI_ADDITIONS_LABEL } from './ai-run-notice';

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

  it('lets the project say no to model-written descriptions and alt text, and sends that choice', async () => {
    mockDb.ai.default = { provider: 'openai', model: 'gpt-4o-mini' };
    signInAs(createMockUser());
    const { user } = renderApp('/create-project');
    const additions = await screen.findByRole('checkbox', { name: AI_ADDITIONS_LABEL });
    expect(additions).toBeChecked();
    await user.click(additions);
    expect(additions).not.toBeChecked();
    await user.type(screen.getByLabelText('Website URL'), 'https://old.example.com');
    await user.type(screen.getByLabelText('Project Name'), 'Old site');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    await screen.findByText('Project created successfully! Modernization is now in progress.');
    expect(mockDb.calls.find((call) => call.path === '/api/projects')?.body).toMatchObject({
      aiAdditions: false,
    });
  });

  it('offers no such choice when the rebuild runs offline', async () => {
    signInAs(createMockUser());
    renderApp('/create-project');
    await screen.findByText(/No model configured — the rebuild runs offline\./);
    expect(screen.queryByRole('checkbox', { name: AI_ADDITIONS_LABEL })).not.toBeInTheDocument();
  });
});
