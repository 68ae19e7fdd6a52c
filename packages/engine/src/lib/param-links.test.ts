import { describe, expect, it } from 'vitest';
import { parseParamLinks } from './param-links';

describe('parseParamLinks', () => {
  it('labels each menu item with its wordy part', () => {
    expect(
      parseParamLinks([
        '0,Main,0,u',
        '1,Links,1,links.html',
        '1,[WGP] Software,1,products.html',
        '6,E-Mail me,4,mailto:wouter@example.nl',
        'Gastenboek|gast/boek.php?id=2|main',
        '10,cheat codes,1,cheats.html',
      ]),
    ).toEqual([
      { href: 'links.html', label: 'Links' },
      { href: 'products.html', label: '[WGP] Software' },
      { href: 'mailto:wouter@example.nl', label: 'E-Mail me' },
      { href: 'gast/boek.php?id=2', label: 'Gastenboek' },
      { href: 'cheats.html', label: 'cheat codes' },
    ]);
  });

  it('ignores colours, flags, images and credits, and lists several targets without labels', () => {
    expect(
      parseParamLinks([
        'a7d7a7',
        'YES',
        'back.gif',
        'Applet by Anfy Team (www.anfyjava.com)',
        'Helvetica',
        'one.html,two.html',
        'one.html',
        'https://other.example/page',
      ]),
    ).toEqual([{ href: 'one.html' }, { href: 'two.html' }, { href: 'https://other.example/page' }]);
  });
});
