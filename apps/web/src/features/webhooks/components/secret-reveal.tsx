import { useState } from 'react';
import { Check, Copy, KeyRound } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/**
 * The signing secret of an endpoint, shown once after it was added or rotated: a copy button and a
 * plain warning that it cannot be shown again.
 */
export function SecretReveal({
  secret,
  url,
  isRotation,
  onDone,
}: {
  secret: string;
  url: string;
  isRotation: boolean;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section
      aria-labelledby="webhook-secret-title"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 shadow-sm sm:p-6"
    >
      <h2
        id="webhook-secret-title"
        className="flex items-center gap-2 text-base font-semibold text-amber-950"
      >
        <KeyRound className="size-5 text-amber-700" aria-hidden />
        {isRotation ? 'Your new signing secret' : 'Your signing secret'}
      </h2>
      <p className="mt-2 text-sm text-amber-900">
        Copy it now and store it where your receiver can read it: it will not be shown again.
        {isRotation &&
          ' The previous secret keeps signing for 24 hours, so you can switch without missing a message.'}
      </p>
      <p className="mt-1 truncate text-xs text-amber-800" title={url}>
        For {url}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <input
          readOnly
          value={secret}
          aria-label="Signing secret"
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-lg border border-amber-300 bg-white px-3 py-2.5 font-mono text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-amber-300"
        />
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" onClick={copy} className="flex-1 sm:flex-none">
            {copied ? (
              <Check className="size-4 text-emerald-600" aria-hidden />
            ) : (
              <Copy className="size-4" aria-hidden />
            )}
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button onClick={onDone} className="flex-1 sm:flex-none">
            Done
          </Button>
        </div>
      </div>
    </section>
  );
}
