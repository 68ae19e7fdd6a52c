import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { FormContent } from '../content/types';
import { site } from '../content/site';

const ENDPOINT: string = import.meta.env.VITE_FORM_ENDPOINT ?? '';

/**
 * The original form, rebuilt. It posts to VITE_FORM_ENDPOINT (any form back end: Formspree, a
 * serverless function...). Without one it says so instead of pretending to send.
 */
export function ContactForm({ form }: { form: FormContent }) {
  const id = useId();
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ENDPOINT) return;
    setStatus('sending');
    try {
      const response = await fetch(ENDPOINT, {
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
      action={ENDPOINT || undefined}
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
      <button type="submit" className="btn" disabled={!ENDPOINT || status === 'sending'}>
        {form.submitLabel}
      </button>
      <p className="form-status" role="status" aria-live="polite">
        {!ENDPOINT
          ? site.labels.formNotConnected
          : status === 'sending'
            ? site.labels.formSending
            : status === 'sent'
              ? site.labels.formSent
              : status === 'failed'
                ? site.labels.formFailed
                : ''}
      </p>
    </form>
  );
}
