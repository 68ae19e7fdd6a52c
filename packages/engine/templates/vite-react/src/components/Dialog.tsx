import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { site } from '../content/site';

/** The element that opened each dialog: focus goes back to it when the dialog closes. */
const openers = new WeakMap<HTMLDialogElement, HTMLElement>();

/** Opens the dialog with this id as a modal (Escape and the close button close it). */
export function openDialog(id: string, opener?: HTMLElement): void {
  const dialog = document.getElementById(id);
  if (!(dialog instanceof HTMLDialogElement) || dialog.open) return;
  if (opener) openers.set(dialog, opener);
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

/**
 * A button that opens a dialog (a portfolio piece's "details", a modal's trigger in the original).
 * `aria-controls` names the dialog; it stays a real button, reachable by keyboard.
 */
export function DialogButton({
  opens,
  className,
  label,
  labelledBy,
  children,
}: {
  opens: string;
  className?: string;
  /** The button's name when its content is a picture or an icon alone. */
  label?: string;
  /** The id of what names the button (the dialog's title, for a picture without alt text). */
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-controls={opens}
      aria-label={label}
      aria-labelledby={labelledBy}
      className={
        className
          ? 'dialog-trigger cursor-pointer ' + className
          : 'dialog-trigger cursor-pointer border-0 bg-transparent p-0 text-left [color:inherit] [font:inherit]'
      }
      onClick={(event) => openDialog(opens, event.currentTarget)}
    >
      {children}
    </button>
  );
}

/**
 * A dialog of the original (issue 12): a native `<dialog>` opened as a modal by its triggers, named
 * by its title, closed by its close button, Escape or a click on the backdrop; focus returns to the
 * trigger. Its content stays in the page while closed (search engines and text coverage read it).
 */
export function Dialog({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClose = () => {
      const opener = openers.get(dialog);
      openers.delete(dialog);
      opener?.focus();
    };
    // A click on the backdrop (the dialog itself, outside its box) closes it.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) dialog.close();
    };
    dialog.addEventListener('close', onClose);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('close', onClose);
      dialog.removeEventListener('click', onClick);
    };
  }, []);
  const titleId = id + '-title';
  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={titleId}
      className="dialog m-auto w-[min(48rem,calc(100vw-2rem))] max-h-[calc(100dvh-2rem)] overflow-auto rounded-[var(--radius-theme,0.5rem)] border-0 bg-[var(--color-canvas,#fff)] p-0 text-[var(--color-ink,inherit)] shadow-2xl backdrop:bg-black/60"
    >
      <div className="flex items-start justify-between gap-4 px-6 pt-5">
        <h2 id={titleId} className="m-0">
          {title}
        </h2>
        <button
          type="button"
          className="dialog-close min-h-11 min-w-11 cursor-pointer rounded-full border-0 bg-transparent text-2xl leading-none"
          aria-label={site.labels.close}
          onClick={() => ref.current?.close()}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="content px-6 pb-6">{children}</div>
    </dialog>
  );
}
