import { describe, expect, it } from 'vitest';
import { isRebuiltGradient, toLinearGradient } from './gradient';

const WHITE = { r: 255, g: 255, b: 255 };

describe('toLinearGradient', () => {
  it('rebuilds a computed gradient from its direction and stops, as opaque hex', () => {
    const gradient = toLinearGradient(
      'linear-gradient(135deg, rgb(255, 0, 0) 0%, rgba(0, 0, 255, 0.5) 100%)',
      WHITE,
    );
    expect(gradient?.css).toBe('linear-gradient(135deg, #ff0000 0%, #8080ff 100%)');
    expect(gradient?.colors).toHaveLength(2);
    expect(isRebuiltGradient(gradient!.css)).toBe(true);
  });

  it('reads stops in newer colour syntaxes', () => {
    expect(
      toLinearGradient('linear-gradient(to right, oklab(0 0 0 / 0.5), rgb(0, 0, 0))', WHITE)?.css,
    ).toBe('linear-gradient(to right, #808080, #000000)');
  });

  it('takes nothing that is not a plain linear gradient of colours', () => {
    expect(toLinearGradient('linear-gradient(red, url(x.png))', WHITE)).toBeUndefined();
    expect(
      toLinearGradient('linear-gradient(90deg, rgb(1, 2, 3), rgb(4, 5, 6)); color: red', WHITE),
    ).toBeUndefined();
    expect(toLinearGradient('radial-gradient(rgb(1, 2, 3), rgb(4, 5, 6))', WHITE)).toBeUndefined();
  });
});

describe('isRebuiltGradient', () => {
  it('refuses anything but a direction and hex stops', () => {
    expect(isRebuiltGradient('linear-gradient(#000000, #ffffff)')).toBe(true);
    expect(isRebuiltGradient('linear-gradient(rgb(0, 0, 0), #ffffff)')).toBe(false);
    expect(isRebuiltGradient('linear-gradient(#000000, #ffffff)} body{display:none')).toBe(false);
    expect(isRebuiltGradient('url(https://example.test/x.png)')).toBe(false);
  });
});
