import { describe, expect, it } from 'vitest';
import type { ContactDetails, SiteModel } from '../../model';
import { MAX_FOOTER_DETAILS, toFooterContact } from './footer-contact';

function details(emails: string[], phones: string[] = []): ContactDetails {
  return { phones, emails, addresses: [], hours: [] };
}

/** A model with the given pages' contact details (and their union as the site's, as extract does). */
function modelOf(pages: ContactDetails[]): SiteModel {
  const union = details(
    [...new Set(pages.flatMap((page) => page.emails))],
    [...new Set(pages.flatMap((page) => page.phones))],
  );
  return {
    contact: union,
    pages: pages.map((contact) => ({ kind: 'page', contact })),
  } as unknown as SiteModel;
}

describe('toFooterContact', () => {
  it("keeps the start page's details and those most pages show", () => {
    const model = modelOf([
      details(['hello@bakery.example'], ['+49 30 1234']),
      details(['shop@bakery.example', 'jobs@bakery.example']),
      details(['shop@bakery.example', 'press@bakery.example']),
      details([]),
    ]);
    expect(toFooterContact(model)).toEqual(
      details(['hello@bakery.example', 'shop@bakery.example'], ['+49 30 1234']),
    );
  });

  it("leaves out one page's long list of other people's addresses", () => {
    const listing = Array.from({ length: 80 }, (_, index) => `tool${index}@lists.example`);
    const model = modelOf([details([]), details([]), details(listing), details([])]);
    expect(toFooterContact(model).emails).toEqual([]);
  });

  it('keeps all of a kind when the site has no more than the footer shows', () => {
    const model = modelOf([details([]), details([]), details(['club@example.org'])]);
    expect(toFooterContact(model).emails).toEqual(['club@example.org']);
  });

  it("counts a frameset's frames as its start page", () => {
    const many = ['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example'];
    const model = modelOf([details([]), details(['club@example.org']), details(many)]);
    const pages = model.pages as unknown as { kind: string }[];
    pages[0]!.kind = 'frameset';
    pages[1]!.kind = 'frame';
    pages[2]!.kind = 'page';
    expect(toFooterContact(model).emails).toEqual(['club@example.org']);
  });

  it(`shows at most ${MAX_FOOTER_DETAILS} details of a kind`, () => {
    const many = ['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example', 'e@x.example'];
    expect(toFooterContact(modelOf([details(many)])).emails).toEqual(
      many.slice(0, MAX_FOOTER_DETAILS),
    );
  });
});
