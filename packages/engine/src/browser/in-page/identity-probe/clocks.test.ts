// @vitest-environment jsdom
// The in-page step run on a page jsdom builds (the probe itself runs in Chromium).
import { describe, expect, it } from 'vitest';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { isClockText, markClocks } from './clocks';

/** 27 November 2026, 7:21:20 in the morning, in the page's time zone. */
const NOW = new Date(2026, 10, 27, 7, 21, 20);

const marked = (): string[] =>
  [...document.querySelectorAll(`[${PROBE_MARKS.clock}]`)].map((e) => e.id);

describe('markClocks', () => {
  it("marks the header's clock a script wrote: today's date and the present time, outermost", () => {
    document.body.innerHTML = `<div class="top"><p id="clock"><i class="fa fa-calendar"></i>27/11/2026<i class="fa fa-clock-o"></i>7:21:5</p><span>Today, </span></div>
      <p id="dotted"><b>27.11.2026</b></p><p id="arabic">٢٧/١١/٢٠٢٦</p><p id="us">11/27/26, 7:22 AM</p><p id="iso">2026-11-27 19:20</p>`;
    markClocks(NOW);
    expect(marked()).toEqual(['clock', 'dotted', 'arabic', 'us', 'iso']);
  });

  it("leaves dates other than today's, times far from now, and dates among other words", () => {
    document.body.innerHTML = `<p id="post">26/11/2026</p><p id="old">27/11/2025</p>
      <p id="hours">Open 9:00-17:00</p><p id="later">27/11/2026 11:45</p>
      <p id="news">27/11/2026: the new library opens its doors to every student.</p>`;
    markClocks(NOW);
    expect(marked()).toEqual([]);
  });

  it('reads a time near now on a 12-hour clock without am or pm', () => {
    expect(isClockText('7:21:20', new Date(2026, 10, 27, 19, 21, 30))).toBe(true);
    expect(isClockText('© 2026', NOW)).toBe(false);
  });
});
