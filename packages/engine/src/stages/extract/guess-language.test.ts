import { describe, expect, it } from 'vitest';
import { guessLanguage } from './guess-language';

describe('guessLanguage', () => {
  it('tells languages apart, beyond the five the old stop-word lists knew', () => {
    expect(guessLanguage('Dit is de homepage van het spel en je kunt hier niet veel doen')).toBe(
      'nl',
    );
    expect(guessLanguage('This is the page of the club and you can find the news here')).toBe('en');
    expect(guessLanguage('Willkommen auf unserer Seite, hier finden Sie alles über uns')).toBe(
      'de',
    );
    expect(
      guessLanguage('Benvenuti nel nostro ristorante, la cucina è aperta tutti i giorni'),
    ).toBe('it');
    expect(guessLanguage('Добро пожаловать на наш сайт, здесь вы найдёте всё о нас')).toBe('ru');
    expect(guessLanguage('这是一个中文网站的首页内容，欢迎访问我们的网站')).toBe('zh');
  });

  it('reads mixed text by its leading language (Dutch with English game names)', () => {
    expect(
      guessLanguage(
        'Games & cheats Visual Basic Links Welkom! Kies een van de onderstaande linken om door te gaan. Hier kan men veel voorbeeldprogrammas vinden om te leren. CHEAT CODES voor al je favoriete spellen Spel Cheat Unreal game god mode Age of Empires pepperoni pizza',
      ),
    ).toBe('nl');
  });

  it('says English when there is nothing to go on', () => {
    expect(guessLanguage('')).toBe('en');
    expect(guessLanguage('123 456')).toBe('en');
  });
});
