import { describe, expect, it } from 'vitest';
import { isLoopbackUrl } from './verify-project';

describe('isLoopbackUrl', () => {
  it('accepts loopback addresses and localhost', () => {
    for (const url of [
      'http://127.0.0.1:8080/a',
      'http://127.1.2.3/',
      'http://[::1]:3000/',
      'http://localhost/',
      'data:image/png;base64,AA',
    ]) {
      expect(isLoopbackUrl(url)).toBe(true);
    }
  });

  it('refuses every other address, scheme or malformed URL', () => {
    for (const url of [
      'https://example.com/',
      'http://10.0.0.1/',
      'http://127.0.0.1.example.com/',
      'ftp://127.0.0.1/',
      'nonsense',
    ]) {
      expect(isLoopbackUrl(url)).toBe(false);
    }
  });
});
