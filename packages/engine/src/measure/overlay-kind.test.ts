import { describe, expect, it } from 'vitest';
import type { OverlayFacts } from './overlay-kind';
import { toOverlayKind } from './overlay-kind';

const facts = (
  text: string,
  controls: string[],
  more: Partial<OverlayFacts> = {},
): OverlayFacts => ({
  text,
  controls,
  hasEmailField: false,
  isLauncher: false,
  isOpened: false,
  ...more,
});

describe('toOverlayKind', () => {
  it.each([
    ['Ce site utilise des cookies.', ['Tout accepter', 'Paramétrer']],
    ['Utilizamos cookies propias y de terceros.', ['Aceptar']],
    ['Usiamo i cookie per migliorare il sito.', ['Accetto']],
    ['本网站使用Cookie以改善您的体验，详见隐私政策。', ['接受']],
    ['当サイトではクッキーを使用しています。プライバシーポリシー', ['同意する']],
    ['We have updated our privacy policy.', ['×']],
  ])('names a consent notice in its language: %s', (text, controls) => {
    expect(toOverlayKind(facts(text, controls))).toBe('cookie');
  });

  it('asks a notice something opens for an answer, not just a close button', () => {
    expect(toOverlayKind(facts('Our privacy policy: we keep no cookies.', ['Close']))).toBe(
      'cookie',
    );
    const opened = facts('Our privacy policy: we keep no cookies.', ['Close'], { isOpened: true });
    expect(toOverlayKind(opened)).toBeUndefined();
  });

  it('names no overlay from words alone: consent words with no answer, a bar of many links', () => {
    expect(toOverlayKind(facts('We use cookies to count visits.', ['Read more']))).toBeUndefined();
    const bar = facts('Home About Support Contact', ['Home', 'About', 'Support', 'Contact'], {
      isLauncher: true,
    });
    expect(toOverlayKind(bar)).toBeUndefined();
    expect(toOverlayKind(facts('Chat with us', ['Chat with us'], { isLauncher: true }))).toBe(
      'chat',
    );
  });
});
