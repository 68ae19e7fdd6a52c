/**
 * The identity probe (issue 12): JavaScript evaluated in the rendered page, before its HTML is read,
 * that reads what only a browser knows — computed colours, the families in use, where things sit —
 * and returns a PageProbe (types.ts). It also marks the DOM with data-sitelift-* attributes (brand,
 * main menu, links drawn as buttons, columns of repeated items) so that extract, which reads the
 * HTML with parse5, finds them without a browser of its own.
 *
 * The script is browser/in-page/identity-probe.js, read as text (readInPageScript).
 */
import { readInPageScript } from '../../browser/in-page/read-in-page-script';
export const IDENTITY_PROBE_SCRIPT = readInPageScript('identity-probe.js');
