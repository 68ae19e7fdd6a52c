import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Block } from '../../model';
import type { Node } from './dom';
import { findDialogs } from './dialogs';
import { walkContent } from './walk-content';
import { toFlatBlocks } from '../../model';

const PAGE = 'https://example.com/';

function walkBody(body: string) {
  return walkContent(parse(`<html><body>${body}</body></html>`) as Node, PAGE, new Map());
}

/** A Bootstrap 3 portfolio (like Start Bootstrap's Agency): two pieces, each opening its modal. */
const PORTFOLIO = `
<section id="portfolio"><div class="container">
  <h2>Portfolio</h2>
  <div class="row">
    <div class="col-md-4 portfolio-item">
      <a href="#portfolioModal1" class="portfolio-link" data-toggle="modal">
        <div class="portfolio-hover"><div class="portfolio-hover-content"><i class="fa fa-plus fa-3x"></i></div></div>
        <img src="/img/roundicons.png" class="img-responsive" alt="Round Icons">
      </a>
      <div class="portfolio-caption"><h4>Round Icons</h4><p class="text-muted">Graphic Design</p></div>
    </div>
    <div class="col-md-4 portfolio-item">
      <p><a href="#portfolioModal2" data-toggle="modal">See the startup framework</a></p>
    </div>
  </div>
</div></section>
<footer><p>Copyright Your Website 2014</p></footer>
<div class="portfolio-modal modal fade" id="portfolioModal1" tabindex="-1" role="dialog" aria-hidden="true">
  <div class="modal-content"><div class="close-modal" data-dismiss="modal"></div>
    <div class="modal-body">
      <h2>Project Name</h2>
      <p class="item-intro text-muted">Lorem ipsum dolor sit amet consectetur.</p>
      <img class="img-responsive" src="/img/roundicons-free.png" alt="">
      <ul class="list-inline"><li>Date: July 2014</li><li>Client: Round Icons</li></ul>
      <button type="button" class="btn btn-primary" data-dismiss="modal"><i class="fa fa-times"></i> Close Project</button>
    </div>
  </div>
</div>
<div class="portfolio-modal modal fade" id="portfolioModal2" tabindex="-1" role="dialog" aria-hidden="true">
  <div class="modal-content"><div class="modal-body">
    <h2>Startup Framework</h2>
    <p>Website building made easy.</p>
  </div></div>
</div>`;

function dialogsOf(blocks: Block[]): Extract<Block, { kind: 'dialog' }>[] {
  return toFlatBlocks(blocks).filter(
    (block): block is Extract<Block, { kind: 'dialog' }> => block.kind === 'dialog',
  );
}

describe('dialogs hidden at load (issue 12)', () => {
  it('finds Bootstrap modals by their classes and role, with the title from their heading', () => {
    const dialogs = findDialogs(parse(`<html><body>${PORTFOLIO}</body></html>`) as Node);
    expect([...dialogs.byId.values()].map(({ id, title }) => ({ id, title }))).toEqual([
      { id: 'portfolioModal1', title: 'Project Name' },
      { id: 'portfolioModal2', title: 'Startup Framework' },
    ]);
  });

  it('keeps each modal as one closed dialog block after its trigger, never as page content', () => {
    const { blocks, textBlocks } = walkBody(PORTFOLIO);
    const dialogs = dialogsOf(blocks);
    expect(dialogs.map((dialog) => [dialog.id, dialog.title])).toEqual([
      ['portfolioModal1', 'Project Name'],
      ['portfolioModal2', 'Startup Framework'],
    ]);
    // Every word of the modal is kept, inside the dialog (its title drawn once, as its label).
    const first = dialogs[0]!;
    // (Its own "Close Project" button goes: the rebuilt dialog has a close button.)
    expect(first.blocks.map((block) => block.kind)).toEqual(['paragraph', 'image', 'list']);
    expect(JSON.stringify(first.blocks)).not.toContain('Close Project');
    expect(JSON.stringify(first.blocks)).toContain('Lorem ipsum dolor sit amet consectetur.');
    expect(JSON.stringify(first.blocks)).toContain('Client: Round Icons');
    expect(textBlocks).toContain('Project Name');
    expect(textBlocks).toContain('Website building made easy.');
    // Outside dialogs, no block holds a modal's words: the page is as long as the original's.
    const outside = JSON.stringify(
      toFlatBlocks(blocks.filter((block) => block.kind !== 'dialog')).filter(
        (block) => block.kind !== 'dialog' && !dialogs.some((d) => d.blocks.includes(block)),
      ),
    );
    expect(outside).not.toContain('Lorem ipsum');
    expect(outside).not.toContain('Website building made easy');
    // The footer comes after both dialogs: each was placed at its trigger, not at the page's end.
    const flat = JSON.stringify(blocks);
    expect(flat.indexOf('portfolioModal2"')).toBeLessThan(flat.indexOf('Copyright'));
  });

  it('turns the triggers into runs and pictures that open their dialog', () => {
    const { blocks } = walkBody(PORTFOLIO);
    const flat = toFlatBlocks(blocks);
    const picture = flat.find(
      (block) => block.kind === 'image' && block.image.alt === 'Round Icons',
    );
    expect(picture).toMatchObject({ image: { opens: 'portfolioModal1' } });
    expect(picture && picture.kind === 'image' ? picture.image.href : 'x').toBeUndefined();
    // What follows the trigger (the piece's caption) is plain content again.
    expect(flat).toContainEqual({ kind: 'heading', level: 4, inlines: [{ text: 'Round Icons' }] });
    const link = flat.find(
      (block) =>
        block.kind === 'paragraph' && block.inlines[0]?.text === 'See the startup framework',
    );
    expect(link).toEqual({
      kind: 'paragraph',
      inlines: [{ text: 'See the startup framework', opens: 'portfolioModal2' }],
    });
  });

  it('follows the marks of the identity probe (a lightbox its stylesheet hid)', () => {
    const { blocks } = walkBody(`
      <p><a class="open-popup" href="#work-1" data-sitelift-opens="work-1">See the first piece</a></p>
      <div id="work-1" class="white-popup" data-sitelift-dialog="work-1"><h2>First piece</h2><p>Oil on canvas, 1999.</p></div>`);
    expect(blocks).toEqual([
      { kind: 'paragraph', inlines: [{ text: 'See the first piece', opens: 'work-1' }] },
      {
        kind: 'dialog',
        id: 'work-1',
        title: 'First piece',
        blocks: [{ kind: 'paragraph', inlines: [{ text: 'Oil on canvas, 1999.' }] }],
      },
    ]);
  });

  it('takes a hidden element a trigger targets as a dialog, and a native <dialog> that is not open', () => {
    const { blocks } = walkBody(`
      <p><a href="#terms" aria-haspopup="dialog">Read the terms</a></p>
      <div id="terms" style="display:none"><h3>Terms</h3><p>No refunds after 30 days.</p></div>
      <dialog id="news"><p>Sign up for our newsletter.</p></dialog>
      <dialog open id="shown"><p>Already open.</p></dialog>
      <div id="plain" style="display:none"><p>Not a dialog.</p></div>`);
    const dialogs = dialogsOf(blocks);
    expect(dialogs.map((dialog) => [dialog.id, dialog.title])).toEqual([
      ['terms', 'Terms'],
      ['news', 'Sign up for our newsletter.'],
    ]);
    expect(blocks[0]).toEqual({
      kind: 'paragraph',
      inlines: [{ text: 'Read the terms', opens: 'terms' }],
    });
    expect(JSON.stringify(blocks)).toContain('Already open.');
  });
});
