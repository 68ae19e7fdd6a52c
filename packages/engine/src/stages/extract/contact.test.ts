import { describe, expect, it } from 'vitest';
import type { Block } from '../../model';
import { findContact } from './contact';

const paragraph = (text: string): Block => ({ kind: 'paragraph', inlines: [{ text }] });

describe('findContact', () => {
  it('finds street addresses in English, Dutch and German', () => {
    const contact = findContact([
      paragraph('12 Main Street, Springfield'),
      paragraph('Visit us at 221b Baker St. in London'),
      paragraph('Kerkstraat 12, 1017 GC Amsterdam'),
      paragraph('Hauptstraße 5, 10115 Berlin'),
    ]);
    expect(contact.addresses).toEqual([
      '12 Main Street, Springfield',
      'Visit us at 221b Baker St. in London',
      'Kerkstraat 12, 1017 GC Amsterdam',
      'Hauptstraße 5, 10115 Berlin',
    ]);
  });

  it('does not take prose with a number and "way" or "drive" for an address', () => {
    const contact = findContact([
      paragraph('to the configure command and build PCRE2 in the usual way.'),
      paragraph('Version 2 of the library works the same way.'),
      paragraph('We have 3 cars on the drive today.'),
      paragraph('Chapter 4 shows the long road ahead.'),
    ]);
    expect(contact.addresses).toEqual([]);
  });
});
