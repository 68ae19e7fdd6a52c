/**
 * What the identity probe (browser/in-page/identity-probe/) reads in one rendered page, declared
 * once: the schema fetch parses the probe's answer with, and the types the probe, fetch and extract
 * use. The probe runs inside the original's page, whose scripts could replace the DOM functions it
 * calls: its answer is checked like any other input from outside.
 *
 * The keys are in the order the probe writes them: parsing builds objects in the schema's order, and
 * so hands back the probe's answer unchanged (a saved RawSite stays byte for byte the same).
 */
import { z } from 'zod';
import { probedTypographySchema } from '../model/probed-typography';

const finite = z.number();

/** A colour as the browser computed it (`rgb(…)` / `rgba(…)`), with the share of the first views it covers. */
export const probedColorSchema = z.object({
  color: z.string(),
  /** Area in CSS pixels (or a count, for texts), to rank colours by what a visitor sees most. */
  weight: finite,
});
export type ProbedColor = z.infer<typeof probedColorSchema>;

/**
 * One kind of box's corners as drawn: the area-weighted median of their computed radius (CSS px,
 * a percentage resolved against the box, at most half its shorter side) and the area measured.
 */
const cornerSchema = z.object({ radius: finite, area: finite });

/**
 * How a background picture was laid (issue 23), as computed for its first layer: `repeat` (`repeat`,
 * `no-repeat`, `repeat-x`…), `size` (`auto`, `cover`, `100% auto`…), `position` (`0% 0%`) and
 * `attachment` (`scroll`, `fixed`). Untrusted strings: extract keeps only CSS values it knows.
 */
const pictureLayoutShape = {
  repeat: z.string().optional(),
  size: z.string().optional(),
  position: z.string().optional(),
  attachment: z.string().optional(),
};

/** A region's look (header, footer): its fill, its words' colour, its picture and how it was laid. */
const regionSchema = z.object({
  background: z.string(),
  text: z.string(),
  image: z.string().optional(),
  ...pictureLayoutShape,
  /** The picture's mean colour (fetch adds it once the picture is downloaded). */
  imageColor: z.string().optional(),
});

/**
 * The identity probe's reading of one rendered page. Colours are computed CSS colours; URLs are
 * absolute. The probe also marks the DOM it hands back (measure/probe-marks.ts).
 */
export const pageProbeSchema = z.object({
  viewport: z.object({ width: finite, height: finite }),
  /** What fills most of the first views: its colour and, when it is a picture, its URL and layout. */
  background: z.object({
    color: z.string(),
    image: z.string().optional(),
    ...pictureLayoutShape,
    /** The picture's mean colour (fetch). */
    imageColor: z.string().optional(),
  }),
  /** The body's text colour (the content's paragraphs', when they read on the page's ground). */
  text: z.string(),
  /** Text colours of content links, most seen first. */
  links: z.array(probedColorSchema).max(5),
  /** Colour of the h1-h3 headings, most seen first. */
  headings: z.array(probedColorSchema).max(5),
  /** Filled links and buttons: their fill, label colour and how much area they cover. */
  buttons: z
    .array(
      z.object({ background: z.string(), text: z.string(), border: z.string(), weight: finite }),
    )
    .max(6),
  /** Chromatic colours of backgrounds, borders and texts, weighted by area. */
  accents: z.array(probedColorSchema).max(24),
  /** Colour of the definition terms (`dt`), most seen first, when the page has any (after the
   * accents, where the probe writes it: the corpus test compares the parsed answer to the raw one). */
  terms: z.array(probedColorSchema).max(5).optional(),
  /** The families the body and the headings are set in (computed font-family lists). */
  fonts: z.object({ body: z.string(), heading: z.string() }),
  header: regionSchema.optional(),
  footer: regionSchema.optional(),
  logo: z
    .object({
      kind: z.enum(['img', 'svg', 'css-background']),
      src: z.string().optional(),
      svg: z.string().optional(),
      alt: z.string(),
      width: finite,
      height: finite,
    })
    .optional(),
  /** The brand element's own text (the site's name as the header shows it). */
  brand: z.object({ text: z.string(), href: z.string().optional() }).optional(),
  hero: z
    .object({
      image: z.string().optional(),
      /** The picture was a CSS background (else an <img>). */
      isBackground: z.boolean(),
      alt: z.string(),
      width: finite,
      height: finite,
      isFullBleed: z.boolean(),
      overlay: z.string().optional(),
      headline: z.string().optional(),
      subline: z.string().optional(),
      cta: z.object({ label: z.string(), href: z.string() }).optional(),
      /**
       * The page's header is laid over the hero's picture (a transparent bar at its top). Last: the
       * probe adds it once it has found the header.
       */
      isUnderHeader: z.literal(true).optional(),
    })
    .optional(),
  /**
   * The menus' items when they are drawn as boxes or pills (computed colours, `transparent` for no
   * fill or no border; the corner radius as computed): the most common look of the first view; else
   * the plate the main menu is drawn on (its own fill or picture), when it has one.
   */
  menuItems: z
    .object({
      background: z.string(),
      border: z.string(),
      text: z.string(),
      radius: z.string(),
      /** A plate's picture (the menu drawn on an image of its own). */
      image: z.string().optional(),
      /** The plate picture's mean colour (fetch). */
      imageColor: z.string().optional(),
    })
    .optional(),
  /** The type scale, content column and rhythm, measured at the viewport's width (issue 12). */
  typography: probedTypographySchema.optional(),
  /**
   * The original's corners (issue 23): of its buttons (`isPill`: most of their area has fully round
   * ends), of its pictures (those drawn round aside: see PROBE_MARKS.shape), and of its boxed content
   * (a border or fill of its own, narrower than the page: cards, panels, wells).
   */
  corners: z
    .object({
      buttons: cornerSchema.extend({ isPill: z.boolean() }).optional(),
      pictures: cornerSchema.optional(),
      boxes: cornerSchema.optional(),
    })
    .optional(),
});
export type PageProbe = z.infer<typeof pageProbeSchema>;
