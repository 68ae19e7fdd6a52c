import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmProvider, DIALOG_CLOSE_DELAY_MS, useConfirm } from './confirm-dialog';

function Harness({ size }: { size?: 'default' | 'large' }) {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button
        onClick={async () =>
          setAnswer(
            String(await confirm({ title: 'Delete Project: Demo?', description: 'Sure?', size })),
          )
        }
      >
        Ask
      </button>
      <p>answer: {answer}</p>
    </>
  );
}

function renderHarness(size?: 'default' | 'large') {
  const user = userEvent.setup();
  render(
    <ConfirmProvider>
      <Harness size={size} />
    </ConfirmProvider>,
  );
  return user;
}

describe('ConfirmDialog', () => {
  it('resolves true on Confirm', async () => {
    const user = renderHarness();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(
      await screen.findByRole('dialog', { name: 'Delete Project: Demo?' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('answer: true')).toBeInTheDocument();
  });

  it('closes with Escape and answers false', async () => {
    const user = renderHarness();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('answer: false')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with Cancel and clears its content after the close delay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    render(
      <ConfirmProvider>
        <Harness size="large" />
      </ConfirmProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.className).toContain('max-w-2xl');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('answer: false')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(DIALOG_CLOSE_DELAY_MS));
    expect(screen.queryByText('Sure?')).not.toBeInTheDocument();
  });
});
