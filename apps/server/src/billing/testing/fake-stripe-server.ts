import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A Stripe-compatible HTTP server for tests (issue 13): the endpoints the billing provider calls, with
// Stripe's JSON shapes, form-encoded request bodies and error bodies, so the real `stripe` SDK can be
// pointed at it (`new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })`). It also plays the
// customer: `completeCheckout` and `renewSubscription` return the event objects Stripe would send.

type Json = Record<string, unknown>;

/** One request the server received (path, method and decoded form body). */
export interface RecordedRequest {
  method: string;
  path: string;
  body: Json;
  idempotencyKey: string | undefined;
}

/** An event object as Stripe would post it to the webhook (to be signed by the test). */
export interface FakeStripeEvent {
  id: string;
  object: 'event';
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Json };
}

/** The running fake and what tests may inspect or trigger. */
export interface FakeStripeServer {
  host: string;
  port: number;
  /** The secret key the server accepts (any other answers 401 like Stripe). */
  secretKey: string;
  requests: RecordedRequest[];
  checkoutSessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  refunds: Json[];
  /**
   * The customer pays checkout session `id`: returns the events Stripe sends, in order. With
   * `asyncPayment` the customer chose a bank debit: the session completes 'unpaid' and
   * `settleAsyncPayment` later says whether the money arrived.
   */
  completeCheckout(id: string, options?: { asyncPayment?: boolean }): FakeStripeEvent[];
  /** The bank debit of an 'unpaid' completed session succeeds or fails: the events Stripe sends. */
  settleAsyncPayment(id: string, succeeded: boolean): FakeStripeEvent[];
  /** A refund made in Stripe's dashboard (default: in full): the charge.refunded event. */
  refundInDashboard(paymentIntentId: string, amount?: number): FakeStripeEvent;
  /** The cardholder disputes the payment: the charge.dispute.created event. */
  openDispute(paymentIntentId: string): FakeStripeEvent;
  /** The dispute ends: the charge.dispute.closed event. */
  closeDispute(disputeId: string, status: 'won' | 'lost'): FakeStripeEvent;
  /** The next period of a subscription is paid: returns the invoice.paid event. */
  renewSubscription(id: string): FakeStripeEvent;
  close(): Promise<void>;
}

const API_VERSION = '2026-10-28.endive';

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Decodes Stripe's form encoding (`a[b][0][c]=1`) into nested objects and arrays. */
export function decodeStripeForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const isLast = index === parts.length - 1;
      const nextIsIndex = /^\d+$/.test(parts[index + 1] ?? '');
      const container = node as Record<string, unknown>;
      if (isLast) {
        container[part] = value;
        return;
      }
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

function addPeriod(start: number, interval: string): number {
  const date = new Date(start * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

function event(type: string, object: Json): FakeStripeEvent {
  return {
    id: newId('evt'),
    object: 'event',
    type,
    api_version: API_VERSION,
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

function stripeError(
  response: ServerResponse,
  status: number,
  error: { type: string; message: string; code?: string; param?: string },
) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  response.end(JSON.stringify({ error }));
}

function send(response: ServerResponse, body: Json) {
  response.writeHead(200, { 'content-type': 'application/json', 'request-id': newId('req') });
  response.end(JSON.stringify(body));
}

function missing(response: ServerResponse, kind: string, id: string) {
  stripeError(response, 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: 'id',
  });
}

/** Starts the fake on 127.0.0.1 (a free port). */
export async function startFakeStripeServer(
  options: { secretKey?: string } = {},
): Promise<FakeStripeServer> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json>();
  const checkoutSessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const invoicePayments = new Map<string, Json[]>();
  const refunds: Json[] = [];
  const refundedPaymentIntents = new Set<string>();
  const charges = new Map<string, Json>();
  const disputes = new Map<string, Json>();

  function subscriptionObject(subscription: Json): Json {
    return { ...subscription };
  }

  function payInvoice(subscription: Json, start: number, reason: string): Json {
    const interval = String(subscription.interval);
    const end = addPeriod(start, interval);
    const invoiceId = newId('in');
    const paymentIntent = newId('pi');
    const amount = Number(subscription.amount);
    const invoice: Json = {
      id: invoiceId,
      object: 'invoice',
      customer: subscription.customer,
      amount_due: amount,
      amount_paid: amount,
      currency: subscription.currency,
      billing_reason: reason,
      status: 'paid',
      created: start,
      livemode: false,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: {
          subscription: subscription.id,
          metadata: subscription.metadata,
        },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount,
            currency: subscription.currency,
            period: { start, end },
          },
        ],
      },
    };
    invoices.set(invoiceId, invoice);
    invoicePayments.set(invoiceId, [
      {
        id: newId('inpay'),
        object: 'invoice_payment',
        invoice: invoiceId,
        is_default: true,
        status: 'paid',
        amount_paid: amount,
        currency: subscription.currency,
        payment: { type: 'payment_intent', payment_intent: paymentIntent },
      },
    ]);
    const items = subscription.items as { data: Json[] };
    items.data[0] = { ...items.data[0], current_period_start: start, current_period_end: end };
    subscription.latest_invoice = invoiceId;
    return invoice;
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const text = await readBody(request);
    const body = decodeStripeForm(
      method === 'GET' || method === 'DELETE' ? url.search.slice(1) : text,
    );
    const idempotencyKey = request.headers['idempotency-key'];
    requests.push({
      method,
      path: url.pathname,
      body,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
    });
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      stripeError(response, 401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided: sk_test_****',
      });
      return;
    }
    const segments = url.pathname.split('/').filter(Boolean);
    const route = `${method} /${segments.slice(0, 3).join('/')}`;

    if (method === 'POST' && url.pathname === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
        created: nowSeconds(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return send(response, customer);
    }

    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const customer = String(body.customer ?? '');
      if (!customers.has(customer)) return missing(response, 'customer', customer);
      const lineItems = body.line_items as
        Array<{ price_data?: Json; quantity?: string }> | undefined;
      const priceData = lineItems?.[0]?.price_data;
      if (!priceData?.unit_amount || !priceData.currency) {
        return stripeError(response, 400, {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          message: 'Missing required param: line_items[0][price_data][unit_amount].',
          param: 'line_items[0][price_data][unit_amount]',
        });
      }
      const mode = String(body.mode);
      const recurring = priceData.recurring as Json | undefined;
      if (mode === 'subscription' && !recurring?.interval) {
        return stripeError(response, 400, {
          type: 'invalid_request_error',
          message: 'You must provide at least one recurring price in `subscription` mode.',
        });
      }
      const id = newId('cs_test');
      const session: Json = {
        id,
        object: 'checkout.session',
        mode,
        status: 'open',
        payment_status: 'unpaid',
        customer,
        client_reference_id: body.client_reference_id ?? null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        metadata: body.metadata ?? {},
        amount_total: Number(priceData.unit_amount),
        currency: priceData.currency,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        subscription: null,
        invoice: null,
        payment_intent: null,
        livemode: false,
        created: nowSeconds(),
        // Kept for completeCheckout; not part of Stripe's object.
        _interval: recurring?.interval ?? null,
        _subscription_metadata: (body.subscription_data as Json | undefined)?.metadata ?? {},
      };
      checkoutSessions.set(id, session);
      const { _interval, _subscription_metadata, ...visible } = session;
      void _interval;
      void _subscription_metadata;
      return send(response, visible);
    }

    if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const customer = String(body.customer ?? '');
      if (!customers.has(customer)) return missing(response, 'customer', customer);
      const id = newId('bps');
      return send(response, {
        id,
        object: 'billing_portal.session',
        customer,
        return_url: body.return_url ?? null,
        url: `https://billing.stripe.test/p/session/${id}`,
        livemode: false,
        created: nowSeconds(),
      });
    }

    if (
      route.startsWith('POST /v1/subscriptions') ||
      route.startsWith('DELETE /v1/subscriptions')
    ) {
      const id = segments[2] ?? '';
      const subscription = subscriptions.get(id);
      if (!subscription) return missing(response, 'subscription', id);
      if (subscription.status === 'canceled') {
        return stripeError(response, 400, {
          type: 'invalid_request_error',
          message: 'A canceled subscription can only update its cancellation_details and metadata.',
        });
      }
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        subscription.canceled_at = nowSeconds();
        subscription.ended_at = nowSeconds();
      } else if (body.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
        subscription.canceled_at = subscription.cancel_at_period_end ? nowSeconds() : null;
      }
      return send(response, subscriptionObject(subscription));
    }

    if (method === 'GET' && url.pathname === '/v1/invoice_payments') {
      const invoice = String(body.invoice ?? '');
      return send(response, {
        object: 'list',
        url: '/v1/invoice_payments',
        has_more: false,
        data: invoicePayments.get(invoice) ?? [],
      });
    }

    if (method === 'POST' && url.pathname === '/v1/refunds') {
      const paymentIntent = String(body.payment_intent ?? '');
      const payment = [...invoicePayments.values()]
        .flat()
        .find((item) => (item.payment as Json).payment_intent === paymentIntent);
      const session = [...checkoutSessions.values()].find(
        (item) => item.payment_intent === paymentIntent,
      );
      if (!payment && !session) return missing(response, 'payment_intent', paymentIntent);
      if (refundedPaymentIntents.has(paymentIntent)) {
        return stripeError(response, 400, {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: `Charge for PaymentIntent ${paymentIntent} has already been refunded.`,
        });
      }
      refundedPaymentIntents.add(paymentIntent);
      const refund = {
        id: newId('re'),
        object: 'refund',
        payment_intent: paymentIntent,
        amount: Number(payment?.amount_paid ?? session?.amount_total ?? 0),
        currency: payment?.currency ?? session?.currency,
        reason: body.reason ?? null,
        status: 'succeeded',
        created: nowSeconds(),
      };
      refunds.push(refund);
      return send(response, refund);
    }

    stripeError(response, 404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${url.pathname}).`,
    });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      stripeError(response, 500, { type: 'api_error', message: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    secretKey,
    requests,
    checkoutSessions,
    subscriptions,
    refunds,
    completeCheckout(id, options = {}) {
      const session = checkoutSessions.get(id);
      if (!session || session.status !== 'open') throw new Error(`no open checkout session ${id}`);
      session.status = 'complete';
      if (options.asyncPayment) {
        // The subscription (if any) is made once the money arrives: see settleAsyncPayment.
        const { _interval, _subscription_metadata, ...visible } = session;
        void _interval;
        void _subscription_metadata;
        return [event('checkout.session.completed', { ...visible, payment_status: 'unpaid' })];
      }
      return paySession(session, 'checkout.session.completed');
    },
    renewSubscription(id) {
      const subscription = subscriptions.get(id);
      if (!subscription || subscription.status !== 'active') {
        throw new Error(`no active subscription ${id}`);
      }
      const items = subscription.items as { data: Json[] };
      const start = Number(items.data[0]?.current_period_end ?? nowSeconds());
      return event('invoice.paid', payInvoice(subscription, start, 'subscription_cycle'));
    },
    settleAsyncPayment(id, succeeded) {
      const session = checkoutSessions.get(id);
      if (!session || session.status !== 'complete' || session.payment_status !== 'unpaid') {
        throw new Error(`no checkout session ${id} awaiting its payment`);
      }
      if (!succeeded) {
        const { _interval, _subscription_metadata, ...visible } = session;
        void _interval;
        void _subscription_metadata;
        return [event('checkout.session.async_payment_failed', visible)];
      }
      return paySession(session, 'checkout.session.async_payment_succeeded');
    },
    refundInDashboard(paymentIntentId, amount) {
      const charge = chargeOf(paymentIntentId);
      const refunded = Math.min(
        Number(charge.amount),
        Number(charge.amount_refunded) + (amount ?? Number(charge.amount)),
      );
      charge.amount_refunded = refunded;
      charge.refunded = refunded >= Number(charge.amount);
      refundedPaymentIntents.add(paymentIntentId);
      return event('charge.refunded', { ...charge });
    },
    openDispute(paymentIntentId) {
      const charge = chargeOf(paymentIntentId);
      const dispute: Json = {
        id: newId('dp'),
        object: 'dispute',
        amount: charge.amount,
        currency: charge.currency,
        charge: charge.id,
        payment_intent: paymentIntentId,
        reason: 'fraudulent',
        status: 'needs_response',
        created: nowSeconds(),
        livemode: false,
      };
      disputes.set(String(dispute.id), dispute);
      return event('charge.dispute.created', { ...dispute });
    },
    closeDispute(disputeId, status) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`no dispute ${disputeId}`);
      dispute.status = status;
      return event('charge.dispute.closed', { ...dispute });
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };

  /** The charge behind a payment intent (made on first use from the session or invoice it paid). */
  function chargeOf(paymentIntentId: string): Json {
    const known = charges.get(paymentIntentId);
    if (known) return known;
    const payment = [...invoicePayments.values()]
      .flat()
      .find((item) => (item.payment as Json).payment_intent === paymentIntentId);
    const session = [...checkoutSessions.values()].find(
      (item) => item.payment_intent === paymentIntentId,
    );
    if (!payment && !session) throw new Error(`no payment intent ${paymentIntentId}`);
    const charge: Json = {
      id: newId('ch'),
      object: 'charge',
      amount: Number(payment?.amount_paid ?? session?.amount_total ?? 0),
      amount_refunded: 0,
      refunded: false,
      currency: payment?.currency ?? session?.currency,
      payment_intent: paymentIntentId,
      paid: true,
      status: 'succeeded',
      livemode: false,
    };
    charges.set(paymentIntentId, charge);
    return charge;
  }

  /** The money of a session arrived: the event of `type` (and invoice.paid for a subscription). */
  function paySession(session: Json, type: string): FakeStripeEvent[] {
    session.payment_status = 'paid';
    const { _interval, _subscription_metadata, ...visible } = session;
    if (session.mode === 'payment') {
      session.payment_intent = newId('pi');
      return [
        event(type, {
          ...visible,
          payment_intent: session.payment_intent,
        }),
      ];
    }
    const now = nowSeconds();
    const subscription: Json = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      metadata: _subscription_metadata,
      currency: session.currency,
      items: { object: 'list', data: [{ id: newId('si'), object: 'subscription_item' }] },
      // Kept for renewals; not part of Stripe's object.
      interval: _interval,
      amount: session.amount_total,
      created: now,
    };
    subscriptions.set(String(subscription.id), subscription);
    const invoice = payInvoice(subscription, now, 'subscription_create');
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    return [
      event(type, {
        ...visible,
        subscription: subscription.id,
        invoice: invoice.id,
      }),
      event('invoice.paid', invoice),
    ];
  }
}
