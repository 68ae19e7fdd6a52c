import { describe, expect, it } from 'vitest';
import { parseUrlList } from './parse-url-list';

describe('parseUrlList', () => {
  it('takes one address per pasted line and drops blank lines', () => {
    expect(parseUrlList('https://a.example/\n\n  b.example  \r\nhttp://c.example/x\n')).toEqual([
      'https://a.example/',
      'b.example',
      'http://c.example/x',
    ]);
  });

  it('takes the address cell of each CSV row and skips the header', () => {
    const csv =
      'client,website,notes\nBakery,"https://bakery.example/",old\nGarage;garage.example;\n';
    expect(parseUrlList(csv)).toEqual(['https://bakery.example/', 'garage.example']);
  });

  it('keeps a line that is not an address so the check can say why', () => {
    expect(parseUrlList('not a url\nftp://files.example/')).toEqual([
      'not a url',
      'ftp://files.example/',
    ]);
  });
});
