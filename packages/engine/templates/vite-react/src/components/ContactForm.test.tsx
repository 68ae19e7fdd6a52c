// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
