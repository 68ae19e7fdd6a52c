import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { FormShell } from './form-shell';
import type { FormShellVariant } from './form-shell';

/** A form as the app writes them: react-hook-form, a server answer, banners cleared on submit. */
function Harness({
  variant,
  answer,
}: {
  variant?: FormShellVariant;
  answer: (name: string) => Promise<string | null>;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({ defaultValues: { name: '' } });
  const { isSubmitting } = form.formState;
  return (
    <FormShell
      label="Rename"
      variant={variant}
      legend="Details"
      serverError={serverError}
      disabled={isSubmitting}
      onSubmitStart={() => setServerError(null)}
      onSubmit={form.handleSubmit(async ({ name }) => setServerError(await answer(name)))}
    >
      <label>
        Name
        <input {...form.register('name')} />
      </label>
      <button type="submit">{isSubmitting ? 'Saving...' : 'Save'}</button>
    </FormShell>
  );
}

/** An answer the test releases by hand, so the form can be inspected while it waits. */
function gatedAnswer(result: string | null) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { release, answer: () => gate.then(() => result) };
}

describe('FormShell', () => {
  it("shows the server's error above the fields and clears it as soon as the form is sent again", async () => {
    const user = userEvent.setup();
    const answer = vi
      .fn<(name: string) => Promise<string | null>>()
      .mockResolvedValueOnce('That name is taken.');
    const second = gatedAnswer(null);
    answer.mockImplementationOnce(second.answer);
    render(<Harness answer={answer} />);

    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That name is taken.');
    const form = screen.getByRole('form', { name: 'Rename' });
    expect(form).toContainElement(alert);
    expect(alert.compareDocumentPosition(screen.getByRole('group', { name: 'Details' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');

    // Gone at once on the next submit, before the server has answered.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    second.release();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(answer).toHaveBeenCalledTimes(2);
    expect(answer).toHaveBeenLastCalledWith('Ada');
  });

  it('disables every field while submitting and keeps what was typed', async () => {
    const user = userEvent.setup();
    const pending = gatedAnswer('Try again later.');
    render(<Harness answer={pending.answer} />);

    await user.type(screen.getByLabelText('Name'), 'Grace');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Details' })).toBeDisabled();
    expect(screen.getByLabelText('Name')).toBeDisabled();

    pending.release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again later.');
    expect(screen.getByLabelText('Name')).toBeEnabled();
    expect(screen.getByLabelText('Name')).toHaveValue('Grace');
  });

  it('does not submit what fails validation, and still clears the old banners', async () => {
    const user = userEvent.setup();
    const onSubmitStart = vi.fn();
    const onValid = vi.fn();
    function Required() {
      const form = useForm({ defaultValues: { name: '' } });
      return (
        <FormShell
          label="Rename"
          disabled={false}
          onSubmitStart={onSubmitStart}
          onSubmit={form.handleSubmit(onValid)}
        >
          <input aria-label="Name" {...form.register('name', { required: true })} />
          <button type="submit">Save</button>
        </FormShell>
      );
    }
    render(<Required />);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmitStart).toHaveBeenCalledTimes(1);
    expect(onValid).not.toHaveBeenCalled();
    // noValidate: the browser's own bubbles never block the zod messages.
    expect(screen.getByRole('form', { name: 'Rename' })).toHaveAttribute('novalidate');
  });

  it('on a card, puts the banners above the card and keeps the footer usable while submitting', () => {
    render(
      <FormShell
        label="Edit project"
        variant="card"
        legend="Project details"
        serverError="Failed to update project"
        notice="Saved earlier"
        disabled
        onSubmit={() => {}}
        footer={<a href="/dashboard">Cancel</a>}
      >
        <input aria-label="Project Name" />
      </FormShell>,
    );

    const form = screen.getByRole('form', { name: 'Edit project' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to update project');
    expect(form).not.toContainElement(alert);
    expect(alert.compareDocumentPosition(form)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.getByRole('status')).toHaveTextContent('Saved earlier');
    expect(screen.getByRole('group', { name: 'Project details' })).toBeDisabled();
    expect(screen.getByLabelText('Project Name')).toBeDisabled();
    const cancel = screen.getByRole('link', { name: 'Cancel' });
    expect(form).toContainElement(cancel);
    expect(screen.getByRole('group', { name: 'Project details' })).not.toContainElement(cancel);
  });

  it('shows no banner when there is nothing to say', () => {
    render(
      <FormShell label="Sign in" serverError={null} notice="" disabled={false} onSubmit={() => {}}>
        <input aria-label="Email" />
      </FormShell>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each<[FormShellVariant, number]>([
    ['dialog', 0],
    ['default', 1],
    ['card', 1],
  ])(
    'a %s form rendered through a portal lets its submit reach the opener %i time(s)',
    async (variant, outerCalls) => {
      const user = userEvent.setup();
      const onOuterSubmit = vi.fn();
      const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
      render(
        <div onSubmit={onOuterSubmit}>
          {createPortal(
            <FormShell label="Inner" variant={variant} disabled={false} onSubmit={onSubmit}>
              <button type="submit">Send</button>
            </FormShell>,
            document.body,
          )}
        </div>,
      );

      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onOuterSubmit).toHaveBeenCalledTimes(outerCalls);
    },
  );
});
