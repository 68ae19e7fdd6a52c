// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Block } from '../content/types';
import { Accordion } from './Accordion';

afterEach(cleanup);

const paragraph = (text: string): Block => ({ kind: 'paragraph', inlines: [{ text }] });
const question = (text: string): Block => ({ kind: 'heading', level: 3, inlines: [{ text }] });

const FAQ: Block[] = [
  paragraph('Questions we hear a lot.'),
  question('Do you deliver?'),
  paragraph('Within 10 km.'),
  question('Are you open on Sundays?'),
  paragraph('From 8 to 12.'),
];

describe('Accordion', () => {
  it('opens the first answer; closed answers stay in the page, inert', () => {
    render(<Accordion blocks={FAQ} />);
    expect(screen.getByText('Questions we hear a lot.')).toBeTruthy();
    const [first, second] = screen.getAllByRole('button');
    expect(first!.getAttribute('aria-expanded')).toBe('true');
    expect(second!.getAttribute('aria-expanded')).toBe('false');
    const answer = screen.getByText('From 8 to 12.').closest('[role="region"]')!;
    expect(answer.hasAttribute('inert')).toBe(true);
    expect(answer.getAttribute('aria-labelledby')).toBe(second!.id);
  });

  it('keeps every answer closed when the original showed them closed', () => {
    const closed = FAQ.map((block) =>
      block.kind === 'heading' ? { ...block, collapsed: true as const } : block,
    );
    render(<Accordion blocks={closed} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-expanded'))).toEqual([
      'false',
      'false',
    ]);
  });

  it('opens one answer at a time, and closes it again', () => {
    render(<Accordion blocks={FAQ} />);
    const [first, second] = screen.getAllByRole('button');
    fireEvent.click(second!);
    expect(first!.getAttribute('aria-expanded')).toBe('false');
    expect(second!.getAttribute('aria-expanded')).toBe('true');
    expect(
      screen.getByText('From 8 to 12.').closest('[role="region"]')!.hasAttribute('inert'),
    ).toBe(false);
    fireEvent.click(second!);
    expect(second!.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps the questions at their heading level', () => {
    render(<Accordion blocks={FAQ} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Do you deliver?',
      'Are you open on Sundays?',
    ]);
  });
});
