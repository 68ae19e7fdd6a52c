import { findUnsoundEntries } from '@sitelift/engine';
import { unzipSync } from 'fflate';
import { expect } from 'vitest';

/**
 * The files of a downloaded project zip, by path inside its one top folder, after checking that
 * every entry's bytes match its CRC, that everything sits in that folder and that it is named
 * `folder` (the project's slug).
 */
export function unzipProject(zip: Uint8Array, folder: string): Record<string, Uint8Array> {
  expect(findUnsoundEntries(zip)).toEqual([]);
  const entries = unzipSync(zip);
  const names = Object.keys(entries);
  expect(names.length).toBeGreaterThan(0);
  expect(names.filter((name) => !name.startsWith(`${folder}/`))).toEqual([]);
  return Object.fromEntries(
    Object.entries(entries).map(([name, bytes]) => [name.slice(folder.length + 1), bytes]),
  );
}
