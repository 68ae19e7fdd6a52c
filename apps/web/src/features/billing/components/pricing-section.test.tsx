import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createMockUser, mockDb, signInAs } from '../../../testing/mocks/db';
import { server } from '../../../testing/mocks/server';
import { renderApp } from '../../../testing/test-utils';

const PRICING = { name: 'One credit modernizes one site' };

async function findPricing() {
  // The section is loaded lazily on the landing page (a code-split chunk).
  const pricing = await screen.findByRole('region', PRICING, { timeout: 10_000 });
  // The live pricing table has arrived once the founder places are counted.
  await within(pricing).findByText(/places left|sold out/);
  return pricing;
}

function subscribe(productId: string) {
  mockDb.billing.subscriptionsSold += 1;
  mockDb.billing.products.push({
    productId,
    status: 'active',
    cancelAtPeriodEnd: false,
    startedAt: '2026-11-01T10:00:00.000Z',
    currentPeriodEnd: '2026-12-01T10:00:00.000Z',
    refundableUntil: null,
  });
}

describe('pricing', () => {
  it('asks a guest to sign in and calls nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user } = renderApp('/');
    const pricing = await findPricing();
    await user.click(within(pricing).getByRole('button', { name: 'Become a Founder' }));
    expect(alert).toHaveBeenCalledWith('Please sign in to make a purchase.');
    expect(mockDb.calls.filter((call) => call.path.startsWith('/api/billing'))).toEqual([]);
  });

  it('switches to yearly prices (Save 15%) and shows the founder price struck against the regular one', async () => {
    mockDb.billing.subscriptionsSold = 37;
    const { user } = renderApp('/');
    const pricing = await findPricing();
    expect(within(pricing).getByText(/213 of 250 places left/)).toBeInTheDocument();
    const freelancer = within(pricing).getByRole('listitem', { name: 'Freelancer' });
    expect(within(freelancer).getByText('$69')).toBeInTheDocument();
    expect(within(freelancer).getByText(/\$99$/).tagName).toBe('S');
    expect(within(freelancer).getByText('Recommended')).toBeInTheDocument();
    expect(within(pricing).getByRole('radio', { name: /Monthly/ })).toBeChecked();
    expect(within(pricing).getByRole('radio', { name: /Yearly/ })).toHaveTextContent('Save 15%');
    await user.click(within(pricing).getByRole('radio', { name: /Yearly/ }));
    expect(within(freelancer).getByText('$690')).toBeInTheDocument();
    expect(within(freelancer).getByText(/\$990$/).tagName).toBe('S');
    const scale = within(pricing).getByRole('listitem', { name: 'Scale' });
    expect(within(scale).getByText('$4,900')).toBeInTheDocument();
  });

  it('shows the regular price, not a struck-through one, once the 250 founder places are taken', async () => {
    mockDb.billing.subscriptionsSold = 250;
    renderApp('/');
    const pricing = await findPricing();
    expect(within(pricing).getByText(/Founder pricing is sold out/)).toBeInTheDocument();
    const freelancer = within(pricing).getByRole('listitem', { name: 'Freelancer' });
    expect(within(freelancer).getByText('$99')).toBeInTheDocument();
    expect(within(freelancer).queryByText('$69')).not.toBeInTheDocument();
    expect(freelancer.querySelector('s')).toBeNull();
    expect(within(freelancer).queryByText(/Founder price/)).not.toBeInTheDocument();
  });

  it('scrolls itself into view when a link from another screen leads to /#pricing', async () => {
    signInAs(createMockUser());
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      const { user } = renderApp('/billing');
      await user.click(await screen.findByRole('link', { name: 'Buy credits' }));
      const pricing = await findPricing();
      expect(scrollIntoView.mock.contexts).toContain(pricing);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('checks, attaches and goes to the checkout for a signed-in user without a plan', async () => {
    signInAs(createMockUser());
    const { user, router } = renderApp('/');
    const pricing = await findPricing();
    await screen.findByRole('button', { name: 'Open user menu' });
    await user.click(within(pricing).getByRole('button', { name: 'Choose Agency' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/billing/test-checkout/cs_test_1'),
    );
    expect(
      mockDb.calls.filter((call) => call.path.startsWith('/api/billing')).map((call) => call.body),
    ).toEqual([
      { product_id: 'prod_sub_agency_249', with_preview: true },
      { product_id: 'prod_sub_agency_249' },
    ]);
    expect(await screen.findByRole('heading', { name: 'Agency (monthly)' })).toBeInTheDocument();
  });

  it('opens the product-change dialog for a subscriber, attaches only on confirm', async () => {
    signInAs(createMockUser());
    subscribe('prod_sub_freelancer_69');
    const { user, router } = renderApp('/');
    const pricing = await findPricing();
    await screen.findByRole('button', { name: 'Open user menu' });
    const freelancer = within(pricing).getByRole('listitem', { name: 'Freelancer' });
    expect(
      await within(freelancer).findByRole('button', { name: 'Your current plan' }),
    ).toBeDisabled();

    await user.click(within(pricing).getByRole('button', { name: 'Choose Scale' }));
    let dialog = await screen.findByRole('dialog', { name: 'Upgrade to Scale' });
    expect(dialog).toHaveTextContent('Current planFreelancer');
    expect(dialog).toHaveTextContent('$499 per month');
    expect(dialog).toHaveTextContent('200 per month');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockDb.calls.some((call) => call.path === '/api/billing/attach')).toBe(false);

    await user.click(within(pricing).getByRole('button', { name: 'Choose Scale' }));
    dialog = await screen.findByRole('dialog', { name: 'Upgrade to Scale' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Upgrade' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/billing/test-checkout/cs_test_2'),
    );
    expect(mockDb.calls.filter((call) => call.path === '/api/billing/attach')).toHaveLength(1);
  });

  it('tells a signed-in user when the purchase cannot start', async () => {
    signInAs(createMockUser());
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post('*/api/billing/attach', () =>
        HttpResponse.json(
          {
            data: null,
            error: { message: 'Something went wrong. Please try again.', code: 'internal_error' },
            statusCode: 500,
          },
          { status: 500 },
        ),
      ),
    );
    const { user } = renderApp('/');
    const pricing = await findPricing();
    await screen.findByRole('button', { name: 'Open user menu' });
    await user.click(within(pricing).getByRole('button', { name: 'Choose Agency' }));
    await vi.waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'There was an error initiating the purchase. Please try again.',
      ),
    );
    expect(error).toHaveBeenCalled();
  });
});
