import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  addCreditEntry,
  createMockProject,
  createMockUser,
  mockDb,
  signInAs,
} from '../../../testing/mocks/db';
import { renderApp } from '../../../testing/test-utils';

const DAY_MS = 24 * 60 * 60 * 1000;

function openSession(productId: string, id = 'cs_test_open') {
  mockDb.billing.sessions.set(id, { id, productId, status: 'open' });
  return id;
}

function subscribe(productId: string, options: { refundable?: boolean } = {}) {
  const now = Date.now();
  mockDb.billing.subscriptionsSold += 1;
  mockDb.billing.products.push({
    productId,
    status: 'active',
    cancelAtPeriodEnd: false,
    startedAt: new Date(now - 2 * DAY_MS).toISOString(),
    currentPeriodEnd: new Date(now + 28 * DAY_MS).toISOString(),
    refundableUntil: options.refundable ? new Date(now + 12 * DAY_MS).toISOString() : null,
  });
}

describe('test-mode checkout', () => {
  it('is marked TEST MODE, pays, and the dashboard says so once with the new balance', async () => {
    signInAs(createMockUser());
    const sessionId = openSession('prod_sub_freelancer_69');
    const { user, router } = renderApp(`/billing/test-checkout/${sessionId}`);
    expect(await screen.findByRole('heading', { name: 'Freelancer (monthly)' })).toBeVisible();
    expect(screen.getByRole('note', { name: 'Test mode' })).toHaveTextContent('Test mode');
    expect(screen.getByText('$69')).toBeInTheDocument();
    expect(screen.getByText('per month')).toBeInTheDocument();
    // The plan's name and what it grants, never the internal product id.
    expect(screen.getByText('15 credits per month')).toBeInTheDocument();
    expect(screen.queryByText('prod_sub_freelancer_69')).not.toBeInTheDocument();
    expect((await screen.findAllByTestId('credit-balance'))[0]).toHaveTextContent('1 credit');

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    // The dashboard's code loads on demand: allow for a slow machine.
    expect(
      await screen.findByText(
        'Payment complete. Your credits have been added to your balance.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).toBe('');
    await waitFor(() =>
      expect(screen.getAllByTestId('credit-balance')[0]).toHaveTextContent('16 credits'),
    );
    const history = screen.getByRole('region', { name: 'Credit history' });
    expect(
      await within(history).findByText('Subscription credits: Freelancer (monthly)'),
    ).toBeInTheDocument();
    expect(within(history).getByText('+15')).toBeInTheDocument();
    expect(mockDb.billing.sessions.get(sessionId)?.status).toBe('complete');

    // Once: leaving and coming back shows no message.
    await router.navigate('/billing');
    await screen.findByRole('heading', { name: 'Billing', level: 1 });
    await router.navigate('/dashboard');
    await screen.findByRole('heading', { name: /Welcome back/ });
    expect(
      screen.queryByText('Payment complete. Your credits have been added to your balance.'),
    ).not.toBeInTheDocument();
  });

  it('cancels without paying', async () => {
    signInAs(createMockUser());
    const sessionId = openSession('prod_payg_19');
    const { user, router } = renderApp(`/billing/test-checkout/${sessionId}`);
    await screen.findByRole('heading', { name: 'Single Refresh' });
    expect(screen.getByText('one-time')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText(
        'Checkout cancelled. You have not been charged.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(mockDb.credits).toBe(1);
  });

  it('says so when the session does not exist', async () => {
    signInAs(createMockUser());
    renderApp('/billing/test-checkout/cs_missing');
    expect(
      await screen.findByText('This checkout session does not exist or has expired.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });
});

describe('billing page', () => {
  it('lists every credit movement with its project, older ones page by page', async () => {
    signInAs(createMockUser());
    const project = createMockProject({ name: 'Bakery rebuild' });
    for (let index = 0; index < 55; index += 1) addCreditEntry(1, 'grant');
    addCreditEntry(-1, 'project', null, project.id);
    const { user } = renderApp('/billing');
    const history = await screen.findByRole('region', { name: 'Credit history' });
    const movements = await within(history).findByRole('list', { name: 'Credit movements' });
    expect(within(movements).getByText(/Bakery rebuild/)).toBeInTheDocument();
    // The first page holds 50 of the 56 movements; the rest come with 'Show older movements'.
    expect(within(movements).getAllByRole('listitem')).toHaveLength(50);
    await user.click(within(history).getByRole('button', { name: 'Show older movements' }));
    await waitFor(() => expect(within(movements).getAllByRole('listitem')).toHaveLength(56));
    expect(within(history).queryByRole('button', { name: 'Show older movements' })).toBeNull();
  });

  it('shows the plan, cancels it after confirmation, and offers the 14-day refund while it runs', async () => {
    signInAs(createMockUser());
    subscribe('prod_sub_agency_249', { refundable: true });
    mockDb.credits = 66;
    const { user } = renderApp('/billing');
    const plan = await screen.findByRole('region', { name: 'Current plan' });
    expect(await within(plan).findByText('Agency')).toBeInTheDocument();
    expect(within(plan).getByText('Active')).toBeInTheDocument();
    expect(within(plan).getByText('Founder price')).toBeInTheDocument();
    expect(plan).toHaveTextContent('$249 per month · 65 credits each month');
    expect(plan).toHaveTextContent(/Renews on/);
    expect(screen.getByRole('region', { name: 'Credits' })).toHaveTextContent('66');

    await user.click(within(plan).getByRole('button', { name: 'Request refund' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Request a refund?' });
    await user.click(within(confirmDialog).getByRole('button', { name: 'Yes, Refund My Payment' }));
    expect(await screen.findByText(/Refunded \$249; 65 unused credits removed\./)).toBeVisible();
    expect(await within(plan).findByText(/You have no subscription/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Credits' })).toHaveTextContent('1'),
    );
  });

  it('cancels at the end of the period and hides the refund once the guarantee has passed', async () => {
    signInAs(createMockUser());
    subscribe('prod_sub_freelancer_690');
    const { user } = renderApp('/billing');
    const plan = await screen.findByRole('region', { name: 'Current plan' });
    await within(plan).findByText('Freelancer');
    expect(within(plan).queryByRole('button', { name: 'Request refund' })).not.toBeInTheDocument();
    // Test mode has no hosted portal: this page is where the plan is managed.
    expect(within(plan).queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
    await user.click(within(plan).getByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Freelancer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Plan' }));
    expect(await within(plan).findByText('Cancelled')).toBeInTheDocument();
    expect(plan).toHaveTextContent(/Ends on/);
    expect(within(plan).queryByRole('button', { name: 'Cancel plan' })).not.toBeInTheDocument();
    expect(mockDb.calls).toContainEqual({
      method: 'POST',
      path: '/api/billing/cancel',
      body: { product_id: 'prod_sub_freelancer_690' },
    });
  });

  it('shows the new plan as current after a plan change, the old one as ending', async () => {
    signInAs(createMockUser());
    subscribe('prod_sub_freelancer_69');
    mockDb.billing.products[0]!.cancelAtPeriodEnd = true;
    subscribe('prod_sub_agency_249');
    renderApp('/billing');
    const plan = await screen.findByRole('region', { name: 'Current plan' });
    expect(await within(plan).findByText('$249 per month · 65 credits each month')).toBeVisible();
    expect(within(plan).getByText('Active')).toBeInTheDocument();
    expect(within(plan).getByText('Earlier plans').parentElement).toHaveTextContent(
      /Freelancer · Ends /,
    );
  });

  it('opens the Stripe billing portal in a new tab', async () => {
    signInAs(createMockUser());
    subscribe('prod_sub_scale_499');
    mockDb.billing.testMode = false;
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderApp('/billing');
    const plan = await screen.findByRole('region', { name: 'Current plan' });
    await user.click(await within(plan).findByRole('button', { name: 'Manage billing' }));
    await waitFor(() =>
      expect(tab.location.href).toBe('https://billing.stripe.com/p/session/test_YWNjdF8x'),
    );
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
  });

  it('creates and copies a referral code, and redeems someone else’s once', async () => {
    signInAs(createMockUser());
    mockDb.billing.redeemableCodes.add('FRIEND-1');
    const { user } = renderApp('/billing');
    const referrals = await screen.findByRole('region', { name: 'Referrals' });
    await user.click(
      await within(referrals).findByRole('button', { name: 'Get my referral code' }),
    );
    expect(
      await within(referrals).findByRole('status', { name: 'Your referral code' }),
    ).toHaveTextContent('SITE-7Q4K2M');
    await user.click(within(referrals).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('SITE-7Q4K2M');

    const field = within(referrals).getByLabelText('Have a referral code?');
    await user.type(field, 'NOPE');
    await user.click(within(referrals).getByRole('button', { name: 'Redeem' }));
    expect(
      await within(referrals).findByText('This referral code does not exist.'),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'FRIEND-1');
    await user.click(within(referrals).getByRole('button', { name: 'Redeem' }));
    expect(
      await within(referrals).findByText('Code redeemed: a credit has been added to your balance.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByTestId('credit-balance')[0]).toHaveTextContent('2 credits'),
    );
  });
});

describe('credits on the app screens', () => {
  it('shows the balance in the top bar as a link to the billing page', async () => {
    signInAs(createMockUser());
    mockDb.credits = 7;
    const { user, router } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: /Welcome back/ });
    const [badge] = await screen.findAllByRole('link', { name: '7 credits — billing' });
    await user.click(badge!);
    expect(await screen.findByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/billing');
  });

  it('lists grants, spends and refunds in the dashboard credit history', async () => {
    signInAs(createMockUser());
    mockDb.credits = 0;
    addCreditEntry(1, 'signup');
    addCreditEntry(-1, 'project', null, 'project-a');
    addCreditEntry(1, 'refund', null, 'project-a');
    addCreditEntry(1, 'purchase', 'prod_payg_19');
    addCreditEntry(1, 'referral', 'FRIEND-1');
    renderApp('/dashboard');
    const history = await screen.findByRole('region', { name: 'Credit history' });
    const items = await within(history).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Referral bonus.*\+1$/),
      expect.stringMatching(/^Single Refresh purchase.*\+1$/),
      expect.stringMatching(/^Refund: the project failed.*\+1$/),
      expect.stringMatching(/^New project.*−1$/),
      expect.stringMatching(/^Free credit for your first site.*\+1$/),
    ]);
    expect(history).toHaveTextContent('Balance: 3 credits');
  });

  it("says what a new project costs: 'uses 1 of your N credits'", async () => {
    signInAs(createMockUser());
    mockDb.credits = 4;
    renderApp('/create-project');
    expect(await screen.findByText('This project uses 1 of your 4 credits.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Create project' })).toBeInTheDocument();
  });

  it('leads to pricing before the form when there is no credit left', async () => {
    signInAs(createMockUser());
    mockDb.credits = 0;
    createMockProject();
    renderApp('/create-project');
    expect(
      await screen.findByRole('heading', { name: 'Get credits to modernize another site' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute(
      'href',
      '/#pricing',
    );
    expect(screen.queryByRole('form', { name: 'Create project' })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('credit-balance')[0]).toHaveTextContent('0 credits');
  });
});
