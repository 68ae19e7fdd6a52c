import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Block, ImageRef } from '../../model';
import { getAttr } from '../extract/dom';
import { extractSite } from '../extract/extract-site';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { failOnConsoleOutput } from './test-server.fixture';
import { chromePath, probeSite, type ProbedSite } from './probed-site.fixture';

failOnConsoleOutput();

/** A picture of its own (an SVG data URL), so that it loads without a server. */
const picture = (fill: string, width: number, height: number) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${fill}"/></svg>`,
  )}`;

const WORDS = 'Words about the firm and the work it does, long enough for a line or two. ';

/**
 * A square-cornered agency page of the Bootstrap 3 era: square buttons and square panels; its team's
 * portraits drawn round three ways (a radius of 50 %, a clipping round frame, a circle clip-path),
 * a wide picture with a 50 % radius (an ellipse, no round portrait) and square project pictures.
 */
const SQUARE = `<!doctype html><html lang="en"><head><title>Square Agency</title><style>
  body { margin: 0; font: 16px/24px Arial, sans-serif; background: #fff; }
  .container { width: 1170px; margin: 0 auto; }
  .btn { display: inline-block; padding: 10px 20px; background: #fed136; color: #fff; border-radius: 0; }
  .panel { border: 1px solid #ddd; padding: 15px; margin: 20px 0; width: 360px; }
  .portrait { width: 200px; height: 200px; border-radius: 50%; }
  .frame { width: 180px; height: 180px; border-radius: 50%; overflow: hidden; }
  .frame img { width: 180px; height: 180px; display: block; }
  .clipped { width: 160px; height: 160px; clip-path: circle(50%); }
  .oval { width: 400px; height: 200px; border-radius: 50%; }
  .project { width: 360px; height: 240px; }
</style></head><body>
<div class="container">
  <h1>Square Agency</h1>
  <p>${WORDS}<a class="btn" href="/contact">Tell me more</a></p>
  <div class="panel"><h3>Strategy</h3><p>${WORDS}</p></div>
  <div class="panel"><h3>Design</h3><p>${WORDS}</p></div>
  <h2>Our team</h2>
  <img id="kay" class="portrait" src="${picture('#a33', 200, 200)}" alt="Kay Garland">
  <div class="frame"><img id="larry" src="${picture('#3a3', 180, 180)}" alt="Larry Parker"></div>
  <img id="diana" class="clipped" src="${picture('#33a', 160, 160)}" alt="Diana Petersen">
  <img id="oval" class="oval" src="${picture('#aa3', 400, 200)}" alt="The studio">
  <h2>Work</h2>
  <img class="project" src="${picture('#333', 360, 240)}" alt="Project one">
  <img class="project" src="${picture('#555', 360, 240)}" alt="Project two">
</div><script>window.ready = true;</script></body></html>`;

/** A soft, modern page: cards with 12 px corners, pill buttons, pictures with 12 px corners. */
const ROUNDED = `<!doctype html><html lang="en"><head><title>Soft Studio</title><style>
  body { margin: 0; font: 16px/24px Arial, sans-serif; background: #f4f4f6; }
  .container { width: 1100px; margin: 0 auto; }
  .btn { display: inline-block; padding: 10px 24px; background: #6a3df0; color: #fff; border-radius: 999px; }
  .card { background: #fff; border-radius: 12px; padding: 20px; margin: 20px 0; width: 320px; }
  .card img { width: 280px; height: 180px; border-radius: 12px; }
</style></head><body>
<div class="container">
  <h1>Soft Studio</h1>
  <p>${WORDS}<a class="btn" href="/start">Start a project</a></p>
  <div class="card"><img src="${picture('#a33', 280, 180)}" alt="One"><h3>One</h3><p>${WORDS}</p></div>
  <div class="card"><img src="${picture('#3a3', 280, 180)}" alt="Two"><h3>Two</h3><p>${WORDS}</p></div>
</div><script>window.ready = true;</script></body></html>`;

let square: ProbedSite;
let rounded: ProbedSite;

beforeAll(async () => {
  square = await probeSite({ '/': SQUARE }, 1);
  rounded = await probeSite({ '/': ROUNDED }, 1);
}, 90_000);

afterAll(async () => {
  await square?.close();
  await rounded?.close();
});

/** Every picture of a page's blocks, items' pictures included. */
function picturesOf(blocks: Block[]): ImageRef[] {
  return blocks.flatMap((block) => {
    if (block.kind === 'image') return [block.image];
    if (block.kind === 'items' || block.kind === 'carousel')
      return (block.kind === 'items' ? block.items : block.slides).flatMap((panel) => [
        ...(panel.image ? [panel.image] : []),
        ...picturesOf(panel.blocks),
      ]);
    return [];
  });
}

describe.skipIf(!chromePath)(
  'the corners and round pictures of the identity probe (issue 23)',
  () => {
    it('measures square buttons, pictures and boxes on a square-cornered page', () => {
      const corners = square.raw!.pages[0]!.probe!.corners!;
      expect(corners.buttons).toMatchObject({ radius: 0, isPill: false });
      expect(corners.boxes).toMatchObject({ radius: 0 });
      // The round portraits are marked, not counted: the other pictures are square.
      expect(corners.pictures).toMatchObject({ radius: 0 });
    });

    it('marks the pictures drawn round, by their radius, a clipping frame or a circle clip', () => {
      expect(square.marked('/', PROBE_MARKS.shape).map((e) => getAttr(e, 'id'))).toEqual([
        'kay',
        'larry',
        'diana',
      ]);
      expect(
        square.marked('/', PROBE_MARKS.shape).map((e) => getAttr(e, PROBE_MARKS.shape)),
      ).toEqual(['round', 'round', 'round']);
    });

    it('measures rounded cards, pictures and pill buttons on a soft page', () => {
      const corners = rounded.raw!.pages[0]!.probe!.corners!;
      expect(corners.buttons).toMatchObject({ isPill: true });
      expect(corners.boxes).toMatchObject({ radius: 12 });
      expect(corners.pictures).toMatchObject({ radius: 12 });
      expect(rounded.marked('/', PROBE_MARKS.shape)).toEqual([]);
    });

    it('carries the corners into the identity and the round shape onto the pictures', () => {
      const squareModel = extractSite(square.raw!);
      expect(squareModel.identity.corners).toEqual({ boxes: 'none', buttons: 'none' });
      const pictures = squareModel.pages[0]!.sections.flatMap((section) =>
        picturesOf(section.blocks),
      );
      expect(pictures.filter((image) => image.shape === 'round').map((image) => image.alt)).toEqual(
        ['Kay Garland', 'Larry Parker', 'Diana Petersen'],
      );
      expect(extractSite(rounded.raw!).identity.corners).toEqual({
        boxes: 'large',
        buttons: 'pill',
      });
    });
  },
);
