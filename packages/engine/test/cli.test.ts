import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findVerifyChromePath } from '../src/stages/verify/open-browser';
import { startStaticServer, type StaticServer } from '../src/stages/verify/serve-static';
import { ENGINE_DIR } from '../src/stages/verify/write-project';
import { writeOldSite } from './fixtures/old-site.fixture';

const BIN = path.join(ENGINE_DIR, 'bin', 'sitelift.mjs');
const hasChromium = (await findVerifyChromePath()) !== undefined;

function runCli(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const { ALLOW_PRIVATE_URLS: _ignored, ...inherited } = process.env;
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('sitelift CLI', () => {
  let siteDir: string;
  let outDir: string;
  let server: StaticServer;

  beforeAll(async () => {
    siteDir = await writeOldSite();
    outDir = await mkdtemp(path.join(os.tmpdir(), 'sitelift-cli-test-'));
    server = await startStaticServer(siteDir, { fallback: 'none' });
  });

  afterAll(async () => {
    await server.close();
    await rm(siteDir, { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
  });

  it('prints its usage with --help', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: sitelift modernize <url>');
  });

  it('exits 2 with a one-line reason for a bad command line', async () => {
    const { code, stderr } = await runCli([
      'modernize',
      'http://example.com/',
      '--strategy',
      'NOPE',
    ]);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^sitelift: Unknown strategy "NOPE"/);
  });

  it('refuses a loopback address without --allow-private-urls: non-zero exit, one-line reason last', async () => {
    const { code, stderr } = await runCli([
      'modernize',
      `${server.origin}/index.html`,
      '--out',
      path.join(outDir, 'refused.zip'),
    ]);
    expect(code).toBe(1);
    // The CLI names the browser it uses, where it comes from and whether it is sandboxed.
    expect(stderr).toMatch(
      /^INFO Browser: .*(Chrom|Edge).* \((CHROME_PATH|installed|@sparticuz\/chromium): \/.+\), (sandboxed|NOT sandboxed)$/mu,
    );
    const lastLine = stderr.trim().split('\n').at(-1);
    expect(lastLine).toMatch(/^sitelift: .+ \(ENGINE_FETCH_URL_REFUSED\)$/);
    expect(existsSync(path.join(outDir, 'refused.zip'))).toBe(false);
  });

  it.skipIf(!hasChromium)(
    'modernizes a loopback site with --allow-private-urls: exit 0, the zip, and the report with --json',
    async () => {
      const out = path.join(outDir, 'bakery.zip');
      const { code, stdout, stderr } = await runCli([
        'modernize',
        `${server.origin}/index.html`,
        '--allow-private-urls',
        '--strategy',
        'STYLE_MODERNIZATION',
        '--max-pages',
        '5',
        '--out',
        out,
        '--json',
      ]);
      expect(stderr).toContain('Stage verify done in');
      expect(code).toBe(0);
      const report = JSON.parse(stdout) as {
        strategy: string;
        pages: { route: string }[];
        verification: { build: { ok: boolean } };
      };
      expect(report.strategy).toBe('STYLE_MODERNIZATION');
      expect(report.verification.build.ok).toBe(true);
      expect(report.pages.length).toBe(2);
      const files = unzipSync(new Uint8Array(await readFile(out)));
      expect(JSON.parse(strFromU8(files['sitelift-report.json']!))).toEqual(report);
      expect(Object.keys(files)).toContain('package.json');
      expect(stderr).toMatch(/Wrote .*bakery\.zip/);
    },
  );

  it('honours ALLOW_PRIVATE_URLS=true from the environment', async () => {
    // With the flag from the environment the address is not refused; an unknown path then fails as a 404.
    const { code, stderr } = await runCli(
      ['modernize', `${server.origin}/missing.html`, '--out', path.join(outDir, 'missing.zip')],
      {
        ALLOW_PRIVATE_URLS: 'true',
      },
    );
    expect(code).toBe(1);
    expect(stderr).not.toContain('ENGINE_FETCH_URL_REFUSED');
    expect(stderr.trim().split('\n').at(-1)).toMatch(/^sitelift: .+ \(ENGINE_FETCH_[A-Z_]+\)$/);
  });
});
