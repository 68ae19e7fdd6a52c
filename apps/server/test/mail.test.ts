import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createTestApp, signUp, uniqueEmail, type TestApp } from './helpers/test-app';
import { getTextPart, startSmtpServer, type TestSmtpServer } from './helpers/smtp-server';

describe('e-mail through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp('pglite', {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Sitelift <hello@sitelift.test>' },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  it('delivers a branded verification e-mail whose link verifies the account', async () => {
    const email = uniqueEmail('smtp');
    await signUp(testApp.app, email);
    await testApp.mailer.idle();
    const message = smtp.received.find((mail) => mail.to.includes(email));
    expect(message).toBeDefined();
    expect(message?.raw).toMatch(/^Subject: Verify your email for Sitelift/m);
    expect(message?.raw).toMatch(/^From: Sitelift <hello@sitelift\.test>/m);
    expect(message?.raw).toContain('text/html');
    // Nothing goes to the outbox folder when SMTP is configured.
    expect(await testApp.getOutbox()).toEqual([]);

    const text = getTextPart(message?.raw ?? '');
    const link = /http:\/\/localhost:3000\/api\/auth\/verify-email\?\S+/.exec(text)?.[0];
    expect(link).toBeDefined();
    const agent = createAgent(testApp.app);
    const response = await agent.open(link ?? '');
    expect(response.statusCode).toBe(302);
    expect((await agent.get('/api/me/profile')).json()).toMatchObject({
      email,
      email_verified: true,
    });
  });
});

describe('development outbox', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp('pglite');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('lists .eml messages newest first as JSON and HTML with clickable links', async () => {
    const first = uniqueEmail('outbox-first');
    const second = uniqueEmail('outbox-second');
    await signUp(testApp.app, first);
    await testApp.mailer.idle();
    await signUp(testApp.app, second);
    await testApp.mailer.idle();

    const json = await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(json.statusCode).toBe(200);
    const messages = json.json() as Array<{
      name: string;
      to: string;
      subject: string;
      links: string[];
      html: string;
    }>;
    expect(messages.map((message) => message.to)).toEqual([second, first]);
    expect(messages[0]?.name).toMatch(/\.eml$/);
    expect(messages[0]?.links[0]).toMatch(
      /^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/,
    );

    const list = await testApp.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body.indexOf(second)).toBeLessThan(list.body.indexOf(first));
    expect(list.body).toContain('Verify your email for Sitelift');

    const name = messages[0]?.name ?? '';
    const one = await testApp.app.inject({ method: 'GET', url: `/dev/outbox/${name}` });
    expect(one.statusCode).toBe(200);
    const href = messages[0]?.links[0]?.replace(/&/g, '&amp;') ?? '';
    expect(one.body).toContain(`<a href="${href}">`);

    const raw = await testApp.app.inject({ method: 'GET', url: `/dev/outbox/${name}/raw` });
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toContain('Subject: Verify your email for Sitelift');

    expect(
      (await testApp.app.inject({ method: 'GET', url: '/dev/outbox/..%2Fauth-secret' })).statusCode,
    ).toBe(404);
  });
});

describe('development outbox in production', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp('pglite', {
      mutateConfig: (config) => ({ ...config, nodeEnv: 'production', isProduction: true }),
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('answers 404 for every outbox route', async () => {
    await signUp(testApp.app, uniqueEmail('prod'));
    for (const url of ['/dev/outbox', '/api/dev/outbox', '/dev/outbox/x.eml']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
