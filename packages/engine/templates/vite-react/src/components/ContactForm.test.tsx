// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormContent } from '../content/types';
import { site } from '../content/site';
import { ContactForm } from './ContactForm';

afterEach(cleanup);

const FORM: FormContent = {
  method: 'post',
  intro: [],
  fields: [{ type: 'email', name: 'email', label: 'Email', required: false }],
  submitLabel: 'Send',
};

describe('ContactForm without VITE_FORM_ENDPOINT (issue 12: no setup notice for visitors)', () => {
  it('tells the site owner what to set in development, and does not send', () => {
    render(<ContactForm form={FORM} endpoint="" isDevelopment />);
    expect(screen.getByRole('status').textContent).toBe(site.labels.formNotConnected);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows visitors of a production build no notice, and an error when they submit', () => {
    render(<ContactForm form={FORM} endpoint="" isDevelopment={false} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    expect(document.body.textContent).not.toContain(site.labels.formNotConnected);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(status.textContent).toBe(site.labels.formFailed);
  });
});

describe("ContactForm with the original's sent message (issue 23)", () => {
  afterEach(() => vi.unstubAllGlobals());

  const WITH_MESSAGE: FormContent = { ...FORM, sentMessage: 'Thank you! Your message was sent.' };

  it('shows it only after the form was sent, in place of the default words', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status: 200 })));
    render(<ContactForm form={WITH_MESSAGE} endpoint="/send" isDevelopment={false} />);
    expect(document.body.textContent).not.toContain('Thank you!');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Thank you! Your message was sent.'),
    );
    expect(document.body.textContent).not.toContain(site.labels.formSent);
  });

  it('never shows it when sending failed', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 500 })));
    render(<ContactForm form={WITH_MESSAGE} endpoint="/send" isDevelopment={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(site.labels.formFailed),
    );
    expect(document.body.textContent).not.toContain('Thank you!');
  });
});
