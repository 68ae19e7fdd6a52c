import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { releaseMemory } from './release-memory';

const MB = 1024 * 1024;

/** Allocates about `mb` MB of small objects and lets go of them: garbage the heap grew into. */
function makeGarbage(mb: number): number {
  let kept = 0;
  for (let round = 0; round < mb; round++) {
    const chunk = Array.from({ length: 16_000 }, (_, index) => ({ index, text: `item ${index}` }));
    kept += chunk.length;
  }
  return kept;
}

describe('releaseMemory', () => {
  it('collects the garbage a stage left and gives the heap pages back', () => {
    const objects: unknown[] = [];
    // A live part that must survive, next to garbage.
    for (let index = 0; index < 1000; index++) objects.push({ index });
    makeGarbage(300);
    const heapWithGarbage = process.memoryUsage().heapTotal;
    const released = releaseMemory();
    expect(released).toBeDefined();
    expect(released!.heapAfter).toBeLessThan(released!.heapBefore);
    expect(process.memoryUsage().heapTotal).toBeLessThan(heapWithGarbage - 50 * MB);
    expect(released!.rssAfter).toBeLessThan(released!.rssBefore);
    expect(objects).toHaveLength(1000);
  });

  it('leaves no gc function in contexts made afterwards', () => {
    releaseMemory();
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});
