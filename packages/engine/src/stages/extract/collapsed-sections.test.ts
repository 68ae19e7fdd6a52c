import { describe, expect, it } from 'vitest';
import { extractSite } from './extract-site';
import { toRawSite } from '../generate/testing/load-fixture';
import { plainText } from '../../model';

function faq(panelClass: (index: number) => string): string {
  const items = [1, 2, 3]
    .map(
      (n) => `<div class="panel"><div class="panel-heading"><h4 class="panel-title">
        <a class="accordion-toggle" data-toggle="collapse" data-parent="#faq" href="#answer${n}">Question ${n}?</a></h4></div>
        <div id="answer${n}" class="${panelClass(n)}"><div class="panel-body">Answer number ${n}.</div></div></div>`,
    )
    .join('');
  return `<html><body><h1>FAQ</h1><div class="panel-group" id="faq">${items}</div></body></html>`;
}

describe('markCollapsedSections', () => {
  it('marks the questions whose answers were closed and drops their toggle links', () => {
    const page = extractSite(toRawSite(faq(() => 'panel-collapse collapse'))).pages[0]!;
    const questions = page.sections.filter((section) => section.heading?.level === 4);
    expect(questions.map((section) => plainText(section.heading!.inlines))).toEqual([
      'Question 1?',
      'Question 2?',
      'Question 3?',
    ]);
    expect(questions.every((section) => section.collapsed === true)).toBe(true);
    expect(questions.flatMap((section) => section.heading!.inlines).some((run) => run.href)).toBe(
      false,
    );
    // Every answer's words are still the section's.
    expect(page.textBlocks).toContain('Answer number 2.');
  });

  it('leaves a panel that was open at load (`in`) open', () => {
    const page = extractSite(
      toRawSite(faq((n) => (n === 1 ? 'panel-collapse collapse in' : 'panel-collapse collapse'))),
    ).pages[0]!;
    const questions = page.sections.filter((section) => section.heading?.level === 4);
    expect(questions.map((section) => section.collapsed === true)).toEqual([false, true, true]);
  });

  it('marks nothing for the navbar collapse or a single "read more"', () => {
    const html = `<html><body><nav><button data-toggle="collapse" data-target="#nav">Menu</button>
      <div id="nav" class="collapse navbar-collapse"><a href="/a">A</a></div></nav>
      <h2><a data-toggle="collapse" href="#more">Read more</a></h2><div id="more" class="collapse"><p>More words.</p></div>
      </body></html>`;
    const page = extractSite(toRawSite(html)).pages[0]!;
    expect(page.sections.some((section) => section.collapsed)).toBe(false);
  });
});
