import { useEffect, useRef } from 'react';
import { X } from 'lucide-react';
import { toast, useSonner } from 'sonner';
import { Alert } from '../../../components/ui/alert';

/**
 * The dashboard's success banner: the message the previous screen passed along (spec §2), shown once
 * (see useOneTimeStateMessage). It gives way to a later toast instead of stacking with it: the newer
 * message is the one that matters.
 */
export function SuccessBanner({
  message,
  onDismiss,
}: {
  message: string | null;
  onDismiss: () => void;
}) {
  const { toasts } = useSonner();
  // How many toasts had ever been created when the message appeared (toast.getHistory() is the
  // synchronous record; useSonner's list can still be catching up with a toast of the last screen).
  const toastsBeforeShow = useRef<number | null>(null);
  useEffect(() => {
    if (message === null) {
      toastsBeforeShow.current = null;
      return;
    }
    const created = toast.getHistory().length;
    toastsBeforeShow.current ??= created;
    if (created > toastsBeforeShow.current) onDismiss();
  }, [message, toasts, onDismiss]);
  if (!message) return null;
  return (
    <Alert
      tone="success"
      action={
        <button
          type="button"
          onClick={onDismiss}
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
