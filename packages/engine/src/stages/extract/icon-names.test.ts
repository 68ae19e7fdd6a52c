import { describe, expect, it } from 'vitest';
import { toIconName } from './icon-names';

describe('toIconName', () => {
  it.each([
    ['fa fa-envelope', 'fas:envelope'],
    ['fa fa-envelope-o', 'far:envelope'],
    ['fa fa-twitter', 'fab:twitter'],
    ['fab fa-twitter', 'fab:twitter'],
    ['fa fa-shopping-cart fa-stack-1x fa-inverse', 'fas:cart-shopping'],
    ['fa fa-home fa-2x fa-fw', 'fas:house'],
    ['fa-solid fa-house', 'fas:house'],
    ['far fa-clock', 'far:clock'],
    ['fa fa-map-marker', 'fas:location-dot'],
    ['fa fa-facebook-official', 'fab:facebook'],
    ['glyphicon glyphicon-envelope', 'fas:envelope'],
    ['glyphicon glyphicon-earphone', 'fas:phone'],
    ['glyphicon glyphicon-search', 'fas:magnifying-glass'],
    ['glyphicon glyphicon-star-empty', 'far:star'],
  ])('names %s as %s', (className, name) => {
    expect(toIconName(className)).toBe(name);
  });

  it('names nothing for classes that are no icon, or an icon the packages do not have', () => {
    expect(toIconName('btn btn-primary')).toBeUndefined();
    expect(toIconName('fa-wrapper')).toBeUndefined();
    expect(toIconName('fa fa-lg')).toBeUndefined();
    expect(toIconName('fa fa-no-such-icon-here')).toBeUndefined();
  });
});
