import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMockUser, mockDb, signInAs } from '../../../testing/mocks/db';
import { renderApp } from '../../../testing/test-utils';

async function openSection() {
  signInAs(createMockUser({ email: 'ada@example.com' }));
  const rendered = renderApp('/profile/edit');
  const section = await screen.findByRole('region', { name: 'API keys' });
  return { ...rendered, section };
}

describe('Profile → API keys', () => {
  it('says the Scale plan is needed and offers no form without it', async () => {
    const { section } = await openSection();
    expect(
      await within(section).findByText('API access comes with the Scale plan.'),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/#pricing',
    );
    expect(within(section).queryByRole('button', { name: 'Create key' })).toBeNull();
  });

  it('creates a key with its name and scopes and shows it once', async () => {
    mockDb.apiKeys.apiAccess = true;
    const { section, user } = await openSection();
    await user.click(await within(section).findByRole('button', { name: 'Create key' }));
    expect(await within(section).findByText('Name is required')).toBeInTheDocument();
    expect(mockDb.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(within(section).getByLabelText('Key name'), 'Agency pipeline');
    await user.click(within(section).getByRole('checkbox', { name: 'Billing (read)' }));
    await user.click(within(section).getByRole('button', { name: 'Create key' }));
    const field = await within(section).findByLabelText(/Your new API key/);
    expect((field as HTMLInputElement).value).toMatch(/^sl_k{24}0{8}$/);
    expect(mockDb.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/me/api-keys',
      body: { name: 'Agency pipeline', scopes: ['read', 'billing-read'] },
    });
    const row = await within(section).findByRole('listitem');
    expect(row).toHaveTextContent('Agency pipeline');
    expect(row).toHaveTextContent('sl_kkkkkkkk…');
    expect(row).toHaveTextContent('Never used');

    await user.click(within(section).getByRole('button', { name: 'Done' }));
    expect(within(section).queryByLabelText(/Your new API key/)).toBeNull();
  });

  it('revokes a key only after the confirm', async () => {
    mockDb.apiKeys.apiAccess = true;
    mockDb.apiKeys.items = [
      {
        id: 'key-9',
        name: 'Old laptop',
        prefix: 'sl_abcdefgh',
        scopes: ['read'],
        created_at: '2026-10-01T10:00:00.000Z',
        last_used_at: '2026-11-20T08:30:00.000Z',
      },
    ];
    const { section, user } = await openSection();
    const revoke = await within(section).findByRole('button', {
      name: 'Revoke the key Old laptop',
    });
    expect(within(section).getByRole('listitem')).toHaveTextContent('Last used Nov 20, 2026');
    await user.click(revoke);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke “Old laptop”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(mockDb.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(revoke);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke key' }),
    );
    expect(
      await within(section).findByText('Key revoked: requests with it are refused from now on.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByText('No API keys yet.')).toBeInTheDocument());
    expect(mockDb.calls.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/api/me/api-keys/key-9',
    });
  });
});
