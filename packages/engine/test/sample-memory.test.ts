import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startMemorySampler } from '../bench/sample-memory';

const MB = 1024 * 1024;

/** A child Node process that holds `mb` MB of written memory for `holdMs`, then exits. */
function holdMemory(mb: number, holdMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '-e',
        `const b = Buffer.alloc(${mb} * 1024 * 1024, 1); setTimeout(() => b.length, ${holdMs});`,
      ],
      { stdio: 'ignore' },
    );
    child.on('error', reject);
    child.on('exit', () => resolve());
  });
}

describe('startMemorySampler', () => {
  it('counts a child process in the peak, as "other", and this process as "engine"', async () => {
    const sampler = await startMemorySampler(50);
    await holdMemory(200, 1_000);
    const peaks = await sampler.stop();
    expect(peaks.treePeakByKind.other).toBeGreaterThanOrEqual(180 * MB);
    expect(peaks.treePeakByKind.engine).toBeGreaterThan(10 * MB);
    expect(peaks.treePeakByKind.browsers).toBe(0);
    expect(peaks.treeBytes).toBe(
      peaks.treePeakByKind.engine + peaks.treePeakByKind.browsers + peaks.treePeakByKind.other,
    );
    expect(peaks.treeBytes).toBeGreaterThan(peaks.treePeakByKind.other);
    expect(peaks.processBytes).toBeGreaterThan(10 * MB);
  });

  it('samples off the event loop: a peak while the main thread is busy is seen', async () => {
    const sampler = await startMemorySampler(50);
    const child = holdMemory(200, 600);
    // The main thread is busy (as the pipeline's synchronous work is) for the child's whole life.
    const until = Date.now() + 2_000;
    while (Date.now() < until) {
      // busy
    }
    await child;
    const peaks = await sampler.stop();
    expect(peaks.treePeakByKind.other).toBeGreaterThanOrEqual(180 * MB);
  });
});
