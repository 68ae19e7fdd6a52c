// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Dialog, DialogButton } from './Dialog';

// jsdom has <dialog> but not its modal methods: the browser's behaviour, as far as the test needs it.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(cleanup);

function renderPortfolio() {
  return render(
    <>
      <DialogButton opens="portfolioModal1" label="Round Icons">
        <img src="/round-icons.png" alt="" />
      </DialogButton>
      <Dialog id="portfolioModal1" title="Project Name">
        <p>Lorem ipsum dolor sit amet consectetur.</p>
      </Dialog>
    </>,
  );
}

describe('Dialog (a modal of the original, kept closed)', () => {
  it('keeps its words in the page while closed, named by its title', () => {
    const { container } = renderPortfolio();
    const dialog = container.querySelector('dialog')!;
    expect(dialog.open).toBe(false);
    expect(dialog.id).toBe('portfolioModal1');
    expect(dialog.textContent).toContain('Lorem ipsum dolor sit amet consectetur.');
    const title = document.getElementById(dialog.getAttribute('aria-labelledby')!);
    expect(title?.textContent).toBe('Project Name');
  });

  it('opens from its trigger, a real button that says it opens a dialog', () => {
    const { container } = renderPortfolio();
    const trigger = screen.getByRole('button', { name: 'Round Icons' });
    expect(trigger.getAttribute('type')).toBe('button');
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-controls')).toBe('portfolioModal1');
    fireEvent.click(trigger);
    expect(container.querySelector('dialog')!.open).toBe(true);
  });

  it('closes with its close button and gives focus back to the trigger', () => {
    const { container } = renderPortfolio();
    const trigger = screen.getByRole('button', { name: 'Round Icons' });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = container.querySelector('dialog')!;
    fireEvent.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on a click on its backdrop, not on a click inside', () => {
    const { container } = renderPortfolio();
    fireEvent.click(screen.getByRole('button', { name: 'Round Icons' }));
    const dialog = container.querySelector('dialog')!;
    fireEvent.click(screen.getByText('Lorem ipsum dolor sit amet consectetur.'));
    expect(dialog.open).toBe(true);
    fireEvent.click(dialog);
    expect(dialog.open).toBe(false);
  });
});
