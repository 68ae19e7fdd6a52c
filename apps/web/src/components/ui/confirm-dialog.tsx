import { createContext, use, useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';
import type { ModalSize } from './modal';

/** Dialog close delay (spec §9): the content stays while the dialog animates out, then is cleared. */
export const DIALOG_CLOSE_DELAY_MS = 200;

/** What a confirm dialog says and does. */
export interface ConfirmOptions {
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  size?: ModalSize;
  tone?: 'default' | 'danger';
}

/** The generic confirm dialog (spec §2): Cancel and Confirm; Escape or the backdrop cancels. */
export function ConfirmDialog({
  open,
  onOpenChange,
  onConfirm,
  isConfirming = false,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  size = 'default',
  tone = 'default',
}: ConfirmOptions & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  isConfirming?: boolean;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size={size}
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isConfirming}>
          {cancelLabel}
        </Button>
        <Button
          variant={tone === 'danger' ? 'danger' : 'primary'}
          onClick={onConfirm}
          disabled={isConfirming}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * Lets any screen ask `await confirm({ title, ... })`. The dialog's props are cleared
 * {@link DIALOG_CLOSE_DELAY_MS} after it closes so its text does not vanish mid-animation.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [open, setOpen] = useState(false);
  const resolveRef = useRef<((value: boolean) => void) | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const settle = useCallback((value: boolean) => {
    resolveRef.current?.(value);
    resolveRef.current = null;
    setOpen(false);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setOptions(null), DIALOG_CLOSE_DELAY_MS);
  }, []);

  const confirm = useCallback<Confirm>((next) => {
    clearTimeout(clearTimer.current);
    resolveRef.current?.(false);
    setOptions(next);
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      resolveRef.current = resolve;
    });
  }, []);

  return (
    <ConfirmContext value={confirm}>
      {children}
      {options && (
        <ConfirmDialog
          {...options}
          open={open}
          onOpenChange={(next) => {
            if (!next) settle(false);
          }}
          onConfirm={() => settle(true)}
        />
      )}
    </ConfirmContext>
  );
}

/** The `confirm` function of the nearest {@link ConfirmProvider}. */
export function useConfirm(): Confirm {
  const confirm = use(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}
