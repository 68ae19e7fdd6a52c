/**
 * A clock (issue 23): the date and time of the visit a script writes into the page as it loads and
 * ticks on ("27/11/2026 7:21:20" in a header's strip). extract reads the HTML as it was at that
 * moment, and the rebuild would show that moment forever, so the probe marks the element holding
 * only today's date and/or the present time PROBE_MARKS.clock (the outermost such element); extract
 * leaves it out. A date other than today's (a post's) is the site's and stays.
 */
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { doc } from './view';

/** A clock's words are few. */
const MAX_CLOCK_LENGTH = 60;
/** How far a time shown may be from the probe's own (the page wrote it a little earlier). */
const TIME_SLACK_MINUTES = 15;

/** Arabic-Indic and Persian digits as ASCII ones. */
const toAsciiDigits = (value: string): string =>
  value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) =>
    String((d.charCodeAt(0) - (d.charCodeAt(0) >= 0x06f0 ? 0x06f0 : 0x0660)) % 10),
  );

/** `value` without today's date written with numbers (day, month and year in any order). */
const withoutToday = (value: string, now: Date): string => {
  const day = now.getDate();
  const month = now.getMonth() + 1;
  const year = now.getFullYear();
  return value.replace(/\b(\d{1,4})([./-])(\d{1,2})\2(\d{1,4})\b/g, (whole, a, _sep, b, c) => {
    const parts = [Number(a), Number(b), Number(c)];
    const yearAt = parts.findIndex((n) => n === year || n === year % 100);
    if (yearAt !== 0 && yearAt !== 2) return whole;
    const [first, second] = parts.filter((_, i) => i !== yearAt);
    const isToday = (first === day && second === month) || (first === month && second === day);
    return isToday ? ' ' : whole;
  });
};

/** `value` without a time of day within a few minutes of `now` (`7:21`, `07:21:20`, `7:5:3 pm`). */
const withoutNow = (value: string, now: Date): string =>
  value.replace(
    /\b(\d{1,2}):(\d{1,2})(?::\d{1,2})?(?:\s*([ap])\.?m\.?)?/gi,
    (whole, h: string, m: string, half?: string) => {
      let hours = Number(h) % 24;
      if (half && /p/i.test(half) && hours < 12) hours += 12;
      if (half && /a/i.test(half) && hours === 12) hours = 0;
      const minutes = hours * 60 + Number(m);
      const present = now.getHours() * 60 + now.getMinutes();
      const apart = Math.abs(minutes - present);
      const near = Math.min(apart, 24 * 60 - apart) <= TIME_SLACK_MINUTES;
      // A 12-hour clock without am/pm: 7:21 at 19:21.
      const nearHalf =
        !half && Math.abs(Math.min(apart, 24 * 60 - apart) - 12 * 60) <= TIME_SLACK_MINUTES;
      return near || nearHalf ? ' ' : whole;
    },
  );

/** An element's words, a space between its text nodes (a script writes `27/11/2026<i></i>7:21`). */
const spacedText = (e: Element): string => {
  const parts: string[] = [];
  const walker = doc.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && /^(?:SCRIPT|STYLE|TEMPLATE|NOSCRIPT)$/.test(parent.tagName)) continue;
    parts.push(node.nodeValue || '');
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
};

/** True when the words are only today's date and/or the present time. */
export const isClockText = (words: string, now: Date): boolean => {
  if (!words || words.length > MAX_CLOCK_LENGTH) return false;
  const ascii = toAsciiDigits(words);
  const rest = withoutNow(withoutToday(ascii, now), now);
  return rest !== ascii && !/[\p{L}\p{N}]/u.test(rest);
};

/** Marks the elements holding only the visit's date and time. */
export function markClocks(now: Date = new Date()): void {
  // From the words that could be a date or a time up to the outermost element holding only them.
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!/\d\s*[:./-]\s*\d/.test(toAsciiDigits(node.nodeValue || ''))) continue;
    let e = node.parentElement;
    if (!e || /^(?:SCRIPT|STYLE|TEMPLATE|NOSCRIPT)$/.test(e.tagName)) continue;
    if (!isClockText(spacedText(e), now)) continue;
    while (
      e.parentElement &&
      e.parentElement !== doc.body &&
      isClockText(spacedText(e.parentElement), now)
    )
      e = e.parentElement;
    e.setAttribute(PROBE_MARKS.clock, '');
  }
}
