import { describe, expect, it } from 'vitest';
import { toRawSite } from '../../generate/testing/load-fixture';
import { extractSite } from '../extract-site';
import { PROBE_MARKS } from '../../../measure/probe-marks';

describe('preformatted text', () => {
  it('keeps a <pre> the probe found in body type as plain lines, and code as code', () => {
    const page = extractSite(
      toRawSite(
        `<!doctype html><html lang="en"><head><title>Club</title></head><body>
        <main><h1>Shows</h1><p>Come and watch us.</p>
          <pre ${PROBE_MARKS.textPre}="">Saturday, May 7 - Spring fair
\t\t\t10:00 am</pre>
          <h2>Install</h2><pre>npm install sitelift</pre></main></body></html>`,
      ),
    ).pages[0]!;
    const pres = page.sections.flatMap((section) =>
      section.blocks.filter((block) => block.kind === 'pre'),
    );
    expect(pres).toEqual([
      { kind: 'pre', text: 'Saturday, May 7 - Spring fair\n\t\t\t10:00 am', plain: true },
      { kind: 'pre', text: 'npm install sitelift' },
    ]);
  });
});
