import { describe, expect, it } from 'vitest';
import type { Block, FormModel, PageModel } from '../../../model';
import { plainText, toFlatBlocks } from '../../../model';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { toRawSite } from '../../generate/testing/load-fixture';
import { extractSite } from '../extract-site';

function extractPage(body: string): PageModel {
  const html = `<html><head><title>Contact</title></head><body><h1>Contact us</h1>
    <p>Write to us and we answer within a day.</p>${body}</body></html>`;
  return extractSite(toRawSite(html)).pages[0]!;
}

function blocksOf(page: PageModel): Block[] {
  return page.sections.flatMap((section) => toFlatBlocks(section.blocks));
}

/** Every word the page model shows: paragraphs, headings, list items and the forms' intros. */
function shownText(page: PageModel): string {
  return blocksOf(page)
    .map((block) => {
      if (block.kind === 'form') return block.form.intro.join(' ');
      if ('inlines' in block) return plainText(block.inlines);
      if (block.kind === 'list') return block.items.map((item) => plainText(item)).join(' ');
      return '';
    })
    .join(' | ');
}

function formsOf(page: PageModel): FormModel[] {
  return blocksOf(page).flatMap((block) => (block.kind === 'form' ? [block.form] : []));
}

const FIELDS = `<p>Name: <input type="text" name="name"></p>
  <p>E-mail: <input type="text" name="email"></p>
  <p><textarea name="message"></textarea></p>
  <input type="submit" value="Send">`;

describe('handleFormState', () => {
  it("carries a hand-made form's hidden sent message into the form, shown only after submit", () => {
    const page = extractPage(
      `<form action="mail.php" method="post" onsubmit="return send()">${FIELDS}</form>
       <div id="ok" style="display:none">Thank you! Your message was sent.</div>`,
    );
    expect(formsOf(page)).toHaveLength(1);
    expect(formsOf(page)[0]!.sentMessage).toBe('Thank you! Your message was sent.');
    expect(shownText(page)).not.toContain('Thank you');
    expect(page.textBlocks.join(' ')).not.toContain('Thank you');
    // The page's own words are still content.
    expect(page.textBlocks).toContain('Write to us and we answer within a day.');
    expect(page.dropped).toEqual([]);
  });

  it('leaves out a validation message hidden with the hidden attribute and lists it', () => {
    const page = extractPage(
      `<form action="/contact" method="post">
        <label for="mail">E-mail</label> <input id="mail" type="email" name="mail">
        <p class="error" hidden>Please enter a valid e-mail.</p>
        <button>Send</button></form>`,
    );
    const [form] = formsOf(page);
    expect(form!.fields.map((field) => field.label)).toEqual(['E-mail']);
    expect(form!.intro).toEqual([]);
    expect(form!.sentMessage).toBeUndefined();
    expect(shownText(page)).not.toContain('valid e-mail');
    expect(page.textBlocks.join(' ')).not.toContain('valid e-mail');
    expect(page.dropped).toEqual([
      {
        kind: 'form',
        what: 'Form message "Please enter a valid e-mail."',
        reason: 'Shown by the original only after its form is used',
      },
    ]);
  });

  it('reads messages the browser rendered hidden from the identity probe’s mark', () => {
    // A page stylesheet (`.msg { display: none }`) hid both: only the probe can know it, and marks them.
    const page = extractPage(
      `<div class="contact"><form action="/send" method="post">${FIELDS}
         <span class="msg" ${PROBE_MARKS.hidden}>*This is not a valid email address.</span></form>
       <p class="msg" ${PROBE_MARKS.hidden}>Contact form submitted!</p></div>`,
    );
    expect(formsOf(page)[0]!.sentMessage).toBe('Contact form submitted!');
    expect(shownText(page)).not.toMatch(/submitted|not a valid/);
    expect(page.textBlocks.join(' ')).not.toMatch(/submitted|not a valid/);
    expect(page.dropped.map((entry) => entry.what)).toEqual([
      'Form message "*This is not a valid email address."',
    ]);
  });

  it('takes a sent message placed before its form, an aria-describedby error and an alert', () => {
    const page = extractPage(
      `<p role="status" aria-hidden="true">We have received your request.</p>
       <form action="/send" method="post">
         <input type="email" name="mail" aria-label="E-mail" aria-describedby="mail-hint">
         <input type="submit" value="Subscribe"></form>
       <small id="mail-hint" style="visibility: hidden">Use the address you read daily.</small>
       <div role="alert" style="display: none">Something went wrong, try again later.</div>`,
    );
    expect(formsOf(page)[0]!.sentMessage).toBe('We have received your request.');
    expect(page.textBlocks.join(' ')).not.toMatch(/received|address you read|went wrong/);
    expect(page.dropped.map((entry) => entry.what)).toEqual([
      'Form message "Use the address you read daily."',
      'Form message "Something went wrong, try again later."',
    ]);
  });

  it('keeps collapsed FAQ answers, hidden tab panels and far hidden texts as content', () => {
    const page = extractPage(
      `<h2>Questions</h2>
       <div class="faq"><h3><a data-toggle="collapse" href="#a1">Do I need to register?</a></h3>
         <div id="a1" class="collapse" ${PROBE_MARKS.hidden}><p>You must register first, please.</p></div></div>
       <ul class="tabs"><li><a href="#t1">Hours</a></li><li><a href="#t2">Address</a></li></ul>
       <div class="tab-content"><div id="t1">Open daily from nine.</div>
         <div id="t2" style="display:none">Main Street 1, please ring.</div></div>
       <div><h3>History</h3><p style="display:none">Founded in 1921, sorry for the old photos.</p></div>
       <form action="/send" method="post">${FIELDS}</form>`,
    );
    expect(page.textBlocks).toContain('You must register first, please.');
    expect(page.textBlocks).toContain('Main Street 1, please ring.');
    expect(page.textBlocks).toContain('Founded in 1921, sorry for the old photos.');
    expect(shownText(page)).toContain('You must register first, please.');
    expect(shownText(page)).toContain('Founded in 1921, sorry for the old photos.');
    expect(page.dropped).toEqual([]);
    expect(formsOf(page)[0]!.sentMessage).toBeUndefined();
  });

  it('keeps a hidden text on a page without a form, and a hidden label naming its field', () => {
    const noForm = extractPage(
      `<p>Read on.</p><div role="status" style="display:none">Thank you for your message.</div>`,
    );
    expect(noForm.textBlocks).toContain('Thank you for your message.');
    const labelled = extractPage(
      `<form action="/send" method="post"><label for="n" style="display:none">Your name</label>
        <input id="n" name="n" placeholder="Name"><button>Go</button></form>`,
    );
    expect(formsOf(labelled)[0]!.fields[0]!.label).toBe('Your name');
    expect(labelled.dropped).toEqual([]);
  });
});
