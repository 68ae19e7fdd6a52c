import type { ReactNode } from 'react';
import type { To } from 'react-router';
import { Button, ButtonLink } from './button';

/**
 * Cancel and the submit button (`children`) at the end of a form: in a row from `sm` up, stacked
 * with the submit button on top on phones. As the footer of a page `card` (a `FormShell` footer)
 * Cancel is a link to `cancelTo`; in a `dialog` (inside the fieldset) Cancel calls `onCancel`.
 */
export function FormActions(
  props: { children: ReactNode } & (
    { variant: 'card'; cancelTo: To } | { variant: 'dialog'; onCancel: () => void }
  ),
) {
  if (props.variant === 'card') {
    return (
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-8">
        <ButtonLink to={props.cancelTo} variant="ghost">
          Cancel
        </ButtonLink>
        {props.children}
      </div>
    );
  }
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={props.onCancel}>
        Cancel
      </Button>
      {props.children}
    </div>
  );
}
