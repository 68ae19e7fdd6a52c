// @vitest-environment jsdom
// The in-page step run on a page jsdom lays out with its stylesheet (the probe itself runs in Chromium).
import { beforeEach, describe, expect, it } from 'vitest';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { markHiddenText } from './hidden-text';

const marked = (): string[] =>
  [...document.querySelectorAll(`[${PROBE_MARKS.hidden}]`)].map((e) => e.id);

describe('markHiddenText', () => {
  beforeEach(() => {
    document.head.innerHTML = `<style>
      .msg { display: none } .quiet { visibility: hidden } .modal { display: none }
    </style>`;
  });

  it('marks the short texts a stylesheet hides at load, outermost only', () => {
    document.body.innerHTML = `<form id="f"><input name="a">
        <span id="error" class="msg">*This is not a valid email address.</span></form>
      <div id="done" class="msg"><p id="inner" class="msg">Contact form submitted!</p></div>
      <p id="ghost" class="quiet">Sending…</p><p id="shown">Visible words.</p>`;
    markHiddenText();
    expect(marked()).toEqual(['error', 'done', 'ghost']);
  });

  it('leaves hidden parts that are no message: a panel with a heading or a field, a long text', () => {
    document.body.innerHTML = `<form><input name="a"></form>
      <div id="panel" class="msg"><h3>Hours</h3><p>Open daily.</p></div>
      <div id="honeypot" class="msg"><input name="trap"></div>
      <div id="long" class="msg">${'A long hidden answer. '.repeat(20)}</div>
      <div id="empty" class="msg">  </div>`;
    markHiddenText();
    expect(marked()).toEqual([]);
  });

  it('marks nothing on a page without a form', () => {
    document.body.innerHTML = `<div id="done" class="msg">Thank you!</div>`;
    markHiddenText();
    expect(marked()).toEqual([]);
  });
});
