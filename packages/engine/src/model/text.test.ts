import { describe, expect, it } from 'vitest';
import { withoutTimestamps } from './text';

describe('withoutTimestamps', () => {
  it('blanks dates and times of day, never years', () => {
    expect(withoutTimestamps('© 2000-2004 Foundation - Last Published: 11/24/2026 03:30:16')).toBe(
      '© 2000-2004 Foundation - Last Published: # #',
    );
    expect(withoutTimestamps('Updated 2026-11-24 at 9:05')).toBe('Updated # at #');
    expect(withoutTimestamps('© 2003')).not.toBe(withoutTimestamps('© 2004'));
  });
});
