import { useState } from 'react';
import { X } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';

/** The dashboard's success banner: the message the previous screen passed along (spec §2). */
export function SuccessBanner({ message }: { message: string | null }) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!message || dismissed === message) return null;
  return (
    <Alert
      tone="success"
      action={
        <button
          type="button"
          onClick={() => setDismissed(message)}
          className="-m-1 rounded p-1 text-emerald-700 hover:bg-emerald-100"
          aria-label="Dismiss message"
        >
          <X className="size-4" aria-hidden />
        </button>
      }
    >
      {message}
    </Alert>
  );
}
