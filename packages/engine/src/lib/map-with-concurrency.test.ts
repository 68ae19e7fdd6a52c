import { describe, expect, it } from 'vitest';
import { mapWithConcurrency } from './map-with-concurrency';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('mapWithConcurrency', () => {
  it('keeps the items’ order and runs at most `limit` at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapWithConcurrency([5, 1, 4, 2, 3], 2, async (item, index) => {
      running++;
      most = Math.max(most, running);
      for (let n = 0; n < item; n++) await tick();
      running--;
      return `${index}:${item}`;
    });
    expect(results).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3']);
    expect(most).toBe(2);
  });

  it('runs one at a time for a limit below one, and maps nothing to nothing', async () => {
    expect(await mapWithConcurrency([1, 2], 0, async (item) => item * 2)).toEqual([2, 4]);
    expect(await mapWithConcurrency([], 4, async () => 1)).toEqual([]);
  });

  it('rejects with the first error', async () => {
    await expect(
      mapWithConcurrency([1, 2, 3], 2, async (item) => {
        if (item === 2) throw new Error('two');
        return item;
      }),
    ).rejects.toThrow('two');
  });
});
