import { describe, expect, it } from 'vitest';
import { getInitials } from './initials';
import { getPasswordStrength, toPasswordStrengthLabel } from './password-strength';

describe('getInitials (spec §2 Top bar)', () => {
  it('takes the first letters of the first two words of the full name', () => {
    expect(getInitials({ fullName: 'ada king lovelace', email: 'x@y.z' })).toBe('AK');
    expect(getInitials({ fullName: '  grace   hopper ', email: null })).toBe('GH');
  });
  it('takes one letter from a one-word name', () => {
    expect(getInitials({ fullName: 'Cher', email: 'c@y.z' })).toBe('C');
  });
  it('falls back to the first two letters of the e-mail', () => {
    expect(getInitials({ fullName: '', email: 'bob@example.com' })).toBe('BO');
    expect(getInitials({ fullName: '   ', email: 'zed@example.com' })).toBe('ZE');
  });
  it("falls back to 'U'", () => {
    expect(getInitials({})).toBe('U');
    expect(getInitials({ fullName: null, email: '' })).toBe('U');
  });
});

describe('getPasswordStrength (spec §5, DESIGN.md §3)', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['abc', 1, 'Very Weak'],
    ['abcdefgh', 2, 'Weak'],
    ['Abcdefgh', 3, 'Fair'],
    ['Abcdefg1', 4, 'Good'],
    ['Abcdefg1!', 5, 'Strong'],
    ['A1!', 3, 'Fair'],
    ['12345678', 2, 'Weak'],
  ])('%j scores %i (%s)', (password, score, label) => {
    expect(getPasswordStrength(password)).toEqual({ score, label });
  });
  it('maps every score to its label', () => {
    expect([0, 1, 2, 3, 4, 5].map(toPasswordStrengthLabel)).toEqual([
      'Very Weak',
      'Very Weak',
      'Weak',
      'Fair',
      'Good',
      'Strong',
    ]);
  });
});
