/**
 * Copies for another screen size (issue 23): a page that carries two layouts of the same content (a
 * table layout for desktops and a column for phones, a phone menu beside the desktop one) and hides
 * one by a width media query. The rebuild, responsive itself, keeps the one shown at the probe's
 * width: the other is marked PROBE_MARKS.screenCopy, when it is hidden now by a rule of a width
 * query that applies, nothing on the page opens it, and most of its words and pictures are shown
 * elsewhere on the page (a phone-only block of its own is content, and stays), or when it holds
 * nothing but drawing (a menu button's bars shown only on phones).
 */
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { isShown } from './dom';
import {
  collectStyleRules,
  findUndisplayed,
  isOpenedByControl,
  listControlTargets,
  outermost,
} from './print-only';
import { body, doc } from './view';

/** The share of a copy's words (characters) and pictures that must be shown elsewhere. */
const MIN_SHOWN_SHARE = 0.6;
/**
 * A picture weighs as much as a line of words (characters): a phone column that repeats the desktop
 * page's text and adds one picture of its own (a map shown only on phones) is still a copy, while a
 * phone-only gallery with a caption is content.
 */
const PICTURE_CHARS = 40;

/** A medium of a width query that applies at the probe's viewport. */
const isWidthMedium = (media: MediaList | undefined): boolean =>
  !!media &&
  media.length > 0 &&
  /width/i.test(media.mediaText) &&
  window.matchMedia(media.mediaText).matches;

/**
 * Words without spaces and punctuation: the two layouts of one text often differ in both (a list
 * item's closing full stop, a numbered line's "1."), never in the words.
 */
const squash = (text: string): string => text.replace(/[\s\p{P}]+/gu, '');

/** Parts that are content without words or pictures: a map, a video, a form's fields. */
const CONTENT_PARTS = 'iframe, video, audio, object, embed, canvas, form, input, select, textarea';
/** The same, as the element itself: a lone checkbox is a CSS-only menu's switch, not a form. */
const CONTENT_SELF = 'iframe, video, audio, object, embed, canvas, form, select, textarea';

/** Whether most of an element's words and pictures are shown elsewhere on the page. */
function isShownElsewhere(e: Element, shownText: string, shownPictures: Set<string>): boolean {
  let chars = 0;
  let found = 0;
  const walker = doc.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // A copy's menu repeats the site's navigation, which the rebuild draws once by itself.
    if (node.parentElement?.closest('nav, [role="navigation"], header')) continue;
    const words = squash(node.nodeValue || '');
    if (words.length < 2) continue;
    chars += words.length;
    if (shownText.includes(words)) found += words.length;
  }
  const pictures = [...e.querySelectorAll('img')].map((img) => img.src).filter(Boolean);
  const seen = pictures.filter((src) => shownPictures.has(src)).length;
  // Nothing but drawing (a menu button's bars, an icon): it only serves the other screen size.
  // (A lone checkbox is a CSS-only menu's switch; a form's fields inside it are content.)
  if (chars === 0 && pictures.length === 0)
    return !e.querySelector(CONTENT_PARTS) && !e.matches(CONTENT_SELF);
  const total = chars + pictures.length * PICTURE_CHARS;
  return found + seen * PICTURE_CHARS >= total * MIN_SHOWN_SHARE;
}

/** Marks the outermost copies of shown content a width query hides at the probe's viewport. */
export function markScreenCopies(): void {
  const selectors = collectStyleRules(
    isWidthMedium,
    (rule) => rule.style.getPropertyValue('display').trim() === 'none',
  );
  if (selectors.length === 0) return;
  const targets = listControlTargets();
  const skipped = [PROBE_MARKS.overlay, PROBE_MARKS.dialog, PROBE_MARKS.printOnly]
    .map(markSelector)
    .join(', ');
  const hidden = outermost(
    new Set(
      [...findUndisplayed(selectors)].filter(
        (e) => !e.closest(skipped) && !isOpenedByControl(e, targets),
      ),
    ),
  );
  if (hidden.length === 0) return;
  // innerText holds only what is rendered: the words a visitor sees at this width, and the words
  // of the pictures shown (a picture menu's alt texts).
  const shown = [...doc.querySelectorAll('img')].filter((img) => isShown(img));
  const shownText = squash(
    [body.innerText || '', ...shown.map((img) => `${img.alt} ${img.title}`)].join(' '),
  );
  const shownPictures = new Set(shown.map((img) => img.src));
  for (const e of hidden)
    if (isShownElsewhere(e, shownText, shownPictures)) e.setAttribute(PROBE_MARKS.screenCopy, '');
}
