import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startMemorySampler, toCpuByStage } from '../bench/sample-memory';

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

/** A child Node process that keeps a core busy for `busyMs` of its own CPU time, then exits. */
function burnCpu(busyMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '-e',
        `const until = process.cpuUsage().user + ${busyMs} * 1000; while (process.cpuUsage().user < until) {}`,
      ],
      { stdio: 'ignore' },
    );
    child.on('error', reject);
    child.on('exit', () => resolve());
  });
}

describe('startMemorySampler: CPU', () => {
  it("counts an ended child's CPU between the marks around it, as 'other'", async () => {
    const sampler = await startMemorySampler(50);
    sampler.mark('start build');
    await burnCpu(300);
    sampler.mark('end build');
    sampler.mark('start idle');
    await new Promise((resolve) => setTimeout(resolve, 200));
    sampler.mark('end idle');
    const peaks = await sampler.stop();
    const byStage = toCpuByStage(peaks.marks);
    expect(byStage.build?.other).toBeGreaterThanOrEqual(0.25);
    expect(byStage.build?.browsers).toBe(0);
    expect(byStage.idle?.other).toBe(0);
    expect(peaks.treeCpuByKind.other).toBeGreaterThanOrEqual(0.25);
    expect(peaks.treeCpuSeconds).toBeCloseTo(
      peaks.treeCpuByKind.engine + peaks.treeCpuByKind.browsers + peaks.treeCpuByKind.other,
    );
  });
});

describe('toCpuByStage', () => {
  it("subtracts each stage's start reading from its end, by kind", () => {
    const at = (engine: number, browsers: number, other: number) => ({ engine, browsers, other });
    expect(
      toCpuByStage([
        { label: 'start fetch', atMs: 0, cpu: at(0, 0, 0) },
        { label: 'end fetch', atMs: 10, cpu: at(1.04, 2.5, 0.1) },
        { label: 'start verify', atMs: 20, cpu: at(1.1, 2.5, 0.1) },
        { label: 'end verify', atMs: 30, cpu: at(3.1, 4.5, 1.6) },
        { label: 'start package', atMs: 40, cpu: at(3.2, 4.5, 1.6) },
      ]),
    ).toEqual({ fetch: at(1, 2.5, 0.1), verify: at(2, 2, 1.5) });
  });
});
