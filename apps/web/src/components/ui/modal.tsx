import { useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../../utils/cn';

/** Dialog sizes: default and large (spec §2 Confirm dialog). */
export type ModalSize = 'default' | 'large';

const SIZES: Record<ModalSize, string> = { default: 'max-w-md', large: 'max-w-2xl' };

/**
 * An accessible modal dialog (Radix): focus is trapped, Escape or a click on the backdrop closes it,
 * and focus returns to the opener. The dialogs here are opened by state, not by a Radix
 * `Dialog.Trigger`, so Radix has no trigger to return focus to (it went to the page's body): the
 * element that had focus when the dialog opened is remembered and focused again when it closes.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  size = 'default',
  children,
  hideClose,
  className,
  bodyClassName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
  children?: ReactNode;
  hideClose?: boolean;
  /** Extra classes of the dialog box (e.g. a fixed height). */
  className?: string;
  /** Extra classes of the box around `children`. */
  bodyClassName?: string;
}) {
  const openerRef = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix moves focus into the dialog (in the content's own effects).
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    openerRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  const returnFocus = (event: Event) => {
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener === null || !opener.isConnected) return;
    event.preventDefault();
    opener.focus({ preventScroll: true });
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="modal-backdrop"
          className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
        />
        <Dialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
            'rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-900/5 data-[state=open]:animate-scale-in sm:p-7',
            SIZES[size],
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={returnFocus}
        >
          <Dialog.Title className="pr-8 text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          {description && (
            <Dialog.Description className="mt-2 text-sm leading-6 text-slate-600">
              {description}
            </Dialog.Description>
          )}
          {children && <div className={cn('mt-5', bodyClassName)}>{children}</div>}
          {/* Last in the DOM so that opening the dialog focuses its first field, not the X. */}
          {!hideClose && (
            <Dialog.Close
              className="absolute top-4 right-4 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 sm:top-5 sm:right-5"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
