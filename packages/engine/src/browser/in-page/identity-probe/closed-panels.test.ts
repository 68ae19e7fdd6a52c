// @vitest-environment jsdom
// The in-page step run on a page jsdom lays out with its stylesheet (the probe itself runs in Chromium).
import { beforeEach, describe, expect, it } from 'vitest';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { markClosedPanels } from './closed-panels';

/** Each marked panel's id attribute with the id attributes of the controls that open it. */
const marked = (): [string, string[]][] =>
  [...document.querySelectorAll(`[${PROBE_MARKS.closed}]`)].map((panel) => {
    const value = panel.getAttribute(PROBE_MARKS.closed)!;
    const toggles = [...document.querySelectorAll(`[${PROBE_MARKS.toggles}]`)].filter((toggle) =>
      toggle.getAttribute(PROBE_MARKS.toggles)!.split(' ').includes(value),
    );
    return [panel.id, toggles.map((toggle) => toggle.id)];
  });

describe('markClosedPanels', () => {
  beforeEach(() => {
    document.head.innerHTML = `<style>
      .dropdown-menu { display: none } .open > .dropdown-menu { display: block }
      .answer { display: none } .tab { display: none } .tab.active { display: block }
    </style>`;
  });

  it('marks a settings dropdown and a collapsed answer with the controls that open them', () => {
    document.body.innerHTML = `<div class="book-header">
        <a id="sidebar" href="#"><i class="fa fa-align-justify"></i></a>
        <div class="dropdown"><a id="font" href="#"><i class="fa fa-font"></i></a>
          <div id="settings" class="dropdown-menu"><button>A</button><button>Serif</button></div></div>
      </div>
      <dl><dt id="q"><button id="ask">How long is the course?</button></dt>
        <dd id="a" class="answer"><p>Two evenings.</p></dd></dl>
      <button id="more" aria-controls="extra">More</button><p>Between them.</p>
      <div id="extra" class="answer"><p>Words of their own.</p></div>`;
    markClosedPanels();
    expect(marked()).toEqual([
      ['settings', ['font']],
      ['a', ['ask']],
      ['extra', ['more']],
    ]);
  });

  it('leaves hidden parts no shown control stands before or names, tab panels and a filtered item', () => {
    document.body.innerHTML = `<p>Intro words.</p><div id="lonely" class="answer"><button>A</button></div>
      <div class="dropdown"><p>Much more than one control in a long text before the panel.
        <a href="#">one</a> and <button>two</button></p><div id="after-text" class="dropdown-menu"><button>B</button></div></div>
      <div class="tabs"><div role="tabpanel" class="tab active"><button>Go</button></div>
        <div id="tab-2" role="tabpanel" class="tab"><button>Go</button></div></div>
      <div class="gallery"><div class="item"><a href="#"><img src="a.jpg" alt="">Details</a></div>
        <div id="filtered" class="item answer"><a href="#"><img src="b.jpg" alt="">Details</a></div></div>
      <div class="dropdown open"><button id="shown-toggle">Menu</button>
        <div id="shown" class="dropdown-menu"><button>C</button></div></div>`;
    markClosedPanels();
    expect(marked()).toEqual([]);
  });
});
