/**
 * The original's corners (issue 23), from the identity probe's measurements (PageProbe.corners):
 * square, slightly rounded or rounded, for its boxes and pictures and for its buttons, so that a
 * rebuild keeping the original's look does not round what was square.
 */
import type { CornerSize, SiteCorners } from '../../model';
import type { PageProbe } from '../../types';

/** Below this radius (CSS px) a corner reads as square. */
const SQUARE_BELOW = 1.5;
/** Up to this radius (CSS px) a corner reads as slightly rounded (Bootstrap's 4 px), above as rounded. */
const SMALL_UP_TO = 8;

/** A typical radius in CSS px as a corner size. */
export function toCornerSize(radius: number): CornerSize {
  if (radius < SQUARE_BELOW) return 'none';
  return radius <= SMALL_UP_TO ? 'small' : 'large';
}

/**
 * The corners the probe measured: the boxes' from whichever of boxed content and pictures covers
 * more of the page, and the buttons' (`pill` when most of their area has fully round ends).
 */
export function toSiteCorners(corners: PageProbe['corners']): SiteCorners | undefined {
  if (!corners) return undefined;
  const out: SiteCorners = {};
  const { boxes, pictures, buttons } = corners;
  const surface =
    boxes && pictures ? (boxes.area >= pictures.area ? boxes : pictures) : (boxes ?? pictures);
  if (surface) out.boxes = toCornerSize(surface.radius);
  if (buttons) out.buttons = buttons.isPill ? 'pill' : toCornerSize(buttons.radius);
  return Object.keys(out).length > 0 ? out : undefined;
}
