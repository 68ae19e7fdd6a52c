// @vitest-environment jsdom
// jsdom lays nothing out: every box is given a size.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { markTextPres } from './text-pre';

describe('markTextPres', () => {
  afterEach(() => vi.restoreAllMocks());

  it('marks a <pre> set in proportional type on no fill, never code or a panel', () => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 600,
      bottom: 120,
      width: 600,
      height: 120,
    } as DOMRect);
    document.head.innerHTML = `<style>
      body { font-family: Verdana, Arial, sans-serif }
      pre { font-family: monospace; opacity: 1 }
      .show pre { font-family: Verdana, Arial, sans-serif }
      .listing pre { font-family: "Courier New", serif }
      .panel pre { font-family: Georgia, serif; background-color: #f4f4f4 }
    </style>`;
    document.body.innerHTML = `
      <div class="show"><pre id="dates">Saturday, May 7 - Spring fair
\t\t\t10:00 am
\t\t\tTown hall</pre></div>
      <pre id="code">const a = 1;</pre>
      <div class="listing"><pre id="courier">10 PRINT "HI"</pre></div>
      <div class="panel"><pre id="panel">Opening hours</pre></div>`;
    markTextPres();
    const marked = [...document.querySelectorAll(`[${PROBE_MARKS.textPre}]`)].map((e) => e.id);
    expect(marked).toEqual(['dates']);
  });
});
