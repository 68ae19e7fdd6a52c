import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { FormActions } from './form-actions';

describe('FormActions', () => {
  it('in a dialog, Cancel calls onCancel without submitting the form', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form aria-label="Change email" onSubmit={onSubmit}>
        <FormActions variant="dialog" onCancel={onCancel}>
          <button type="submit">Send Confirmation</button>
        </FormActions>
      </form>,
    );

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send Confirmation' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('on a card, Cancel is a link to cancelTo and comes before the submit button', () => {
    render(
      <MemoryRouter>
        <FormActions variant="card" cancelTo="/dashboard">
          <button type="submit">Save Changes</button>
        </FormActions>
      </MemoryRouter>,
    );

    const cancel = screen.getByRole('link', { name: 'Cancel' });
    expect(cancel).toHaveAttribute('href', '/dashboard');
    // Stacked with flex-col-reverse on phones, so the submit button shows on top there.
    expect(cancel.compareDocumentPosition(screen.getByRole('button'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});
