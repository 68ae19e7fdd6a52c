import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { FormContent } from '../content/types';
import { site } from '../content/site';

const ENDPOINT: string = import.meta.env.VITE_FORM_ENDPOINT ?? '';

/**
 * The original form, rebuilt. It posts to `endpoint` (VITE_FORM_ENDPOINT: any form back end,
 * Formspree, a serverless function...). Without one it never pretends to send: in development it
 * tells the site owner what to set; a production build shows visitors an error when they submit
 * (the setup notice is for the owner, not text the original page showed: issue 12).
 */
export function ContactForm({
  form,
  endpoint = ENDPOINT,
  isDevelopment = import.meta.env.DEV,
}: {
  form: FormContent;
  endpoint?: string;
  isDevelopment?: boolean;
}) {
  const id = useId();
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const needsSetup = !endpoint && isDevelopment;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!endpoint) {
      setStatus('failed');
      return;
    }
    setStatus('sending');
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        body: new FormData(event.currentTarget),
        headers: { Accept: 'application/json' },
      });
      setStatus(response.ok ? 'sent' : 'failed');
    } catch {
      setStatus('failed');
    }
  }

  return (
    <form
      className="form-card"
      method={form.method}
      action={endpoint || undefined}
      onSubmit={onSubmit}
    >
      {form.intro.map((text, index) => (
        <p key={index}>{text}</p>
      ))}
      {form.fields.map((field, index) => {
        const fieldId = id + '-' + index;
        const common = { id: fieldId, name: field.name, required: field.required };
        if (field.type === 'checkbox' || field.type === 'radio') {
          return (
            <div key={fieldId} className="choice">
              <input {...common} type={field.type} value={field.value ?? 'on'} />
              <label htmlFor={fieldId}>{field.label}</label>
            </div>
          );
        }
        return (
          <div key={fieldId} className="field">
            <label htmlFor={fieldId}>{field.label}</label>
            {field.type === 'textarea' ? (
              <textarea
                {...common}
                rows={5}
                placeholder={field.placeholder}
                defaultValue={field.value}
              />
            ) : field.type === 'select' ? (
              <select {...common} defaultValue={field.value}>
                {(field.options ?? []).map((option, o) => (
                  <option key={o} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type={field.type}
                placeholder={field.placeholder}
                defaultValue={field.value}
              />
            )}
          </div>
        );
      })}
      <button type="submit" className="btn" disabled={needsSetup || status === 'sending'}>
        {form.submitLabel}
      </button>
      <p className="form-status" role="status" aria-live="polite">
        {needsSetup
          ? site.labels.formNotConnected
          : status === 'sending'
            ? site.labels.formSending
            : status === 'sent'
              ? (form.sentMessage ?? site.labels.formSent)
              : status === 'failed'
                ? site.labels.formFailed
                : ''}
      </p>
    </form>
  );
}
