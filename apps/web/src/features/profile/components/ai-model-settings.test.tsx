import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMockUser, mockDb, signInAs } from '../../../testing/mocks/db';
import { renderApp } from '../../../testing/test-utils';

async function openSection() {
  signInAs(createMockUser({ email: 'ada@example.com' }));
  const rendered = renderApp('/profile/edit');
  const section = await screen.findByRole('region', { name: 'AI model' });
  await within(section).findByLabelText('Provider');
  return { ...rendered, section };
}

describe('Settings → AI model', () => {
  it('says the server has no default and shows the month’s usage against the budget', async () => {
    mockDb.ai.tokens = 500_000;
    const { section } = await openSection();
    expect(
      within(section).getByText(
        'This server has no default model: without your own, rebuilds run offline.',
      ),
    ).toBeInTheDocument();
    expect(
      within(section).getByText(/This month: 500,000 of 2,000,000 tokens/),
    ).toBeInTheDocument();
    expect(within(section).getByRole('meter')).toHaveAttribute('aria-valuenow', '500000');
  });

  it('shows the operator default when the user has none', async () => {
    mockDb.ai.default = { provider: 'openai', model: 'gpt-4o-mini' };
    const { section } = await openSection();
    expect(within(section).getByText(/You use the server default/)).toHaveTextContent(
      'OpenAI · gpt-4o-mini',
    );
  });

  it('saves provider, model, base URL and key; then says a key is saved and never shows it', async () => {
    const { section, user } = await openSection();
    await user.selectOptions(
      within(section).getByLabelText('Provider'),
      'OpenAI-compatible (Ollama, LM Studio, vLLM, OpenRouter)',
    );
    await user.type(within(section).getByLabelText('Model'), 'llama3.2-vision');
    await user.type(within(section).getByLabelText('Base URL'), 'https://models.example.com/v1');
    await user.type(within(section).getByLabelText('API key (optional)'), 'sk-good-key-1234567890');
    await user.click(within(section).getByRole('button', { name: 'Save' }));

    expect(
      await within(section).findByText('Saved. Your next rebuilds use this model.'),
    ).toBeInTheDocument();
    expect(mockDb.calls.at(-1)).toEqual({
      method: 'PUT',
      path: '/api/me/ai-settings',
      body: {
        provider: 'openai-compatible',
        model: 'llama3.2-vision',
        base_url: 'https://models.example.com/v1',
        api_key: 'sk-good-key-1234567890',
      },
    });
    expect(within(section).getByText('A key is saved')).toBeInTheDocument();
    expect(within(section).getByText('(ends in 7890)')).toBeInTheDocument();
    expect(within(section).queryByLabelText(/API key/)).not.toBeInTheDocument();
    expect(section.innerHTML).not.toContain('sk-good-key');
    expect(within(section).getByText(/Your rebuilds use/)).toHaveTextContent(
      'OpenAI-compatible · llama3.2-vision',
    );
  });

  it('tests the connection with the form’s values and shows either result', async () => {
    const { section, user } = await openSection();
    await user.type(within(section).getByLabelText('Model'), 'gpt-4o-mini');
    await user.type(within(section).getByLabelText('API key'), 'sk-wrong-key-0000000000');
    await user.click(within(section).getByRole('button', { name: 'Test connection' }));
    expect(await within(section).findByText(/The API key was refused \(401\)/)).toBeInTheDocument();

    await user.clear(within(section).getByLabelText('API key'));
    await user.type(within(section).getByLabelText('API key'), 'sk-good-key-1234567890');
    await user.click(within(section).getByRole('button', { name: 'Test connection' }));
    expect(
      await within(section).findByText('Connected: gpt-4o-mini answered in 321 ms.'),
    ).toBeInTheDocument();
    expect(mockDb.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/me/ai-settings/test',
      body: { provider: 'openai', model: 'gpt-4o-mini', api_key: 'sk-good-key-1234567890' },
    });
  });

  it('keeps what the user typed when the form or the server refuses it', async () => {
    const { section, user } = await openSection();
    await user.selectOptions(within(section).getByLabelText('Provider'), 'openai-compatible');
    await user.type(within(section).getByLabelText('Model'), 'llama3.2');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(
      await within(section).findByText(/Enter the base URL of your model server/),
    ).toBeInTheDocument();
    expect(mockDb.calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(within(section).getByLabelText('Base URL'), 'http://127.0.0.1:11434/v1');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(
      await within(section).findByText(/points at a private or local address/),
    ).toBeInTheDocument();
    expect(within(section).getByLabelText('Model')).toHaveValue('llama3.2');
    expect(within(section).getByLabelText('Base URL')).toHaveValue('http://127.0.0.1:11434/v1');
  });

  it('removes the saved key, then the whole model', async () => {
    mockDb.ai.own = {
      provider: 'anthropic',
      model: 'claude-3-5-haiku-latest',
      base_url: null,
      key: 'sk-ant-secret-abcd',
      updated_at: '2026-11-27T10:00:00.000Z',
    };
    const { section, user } = await openSection();
    expect(within(section).getByText('A key is saved')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Remove' }));
    expect(await within(section).findByText('The key is removed.')).toBeInTheDocument();
    expect(mockDb.ai.own?.key).toBeNull();
    expect(within(section).getByLabelText('API key')).toHaveValue('');

    await user.click(within(section).getByRole('button', { name: 'Remove my model' }));
    expect(await within(section).findByText('Your model is removed.')).toBeInTheDocument();
    expect(mockDb.ai.own).toBeNull();
    expect(within(section).getByLabelText('Model')).toHaveValue('');
  });
});
