/**
 * Explains Design2Code scores from layouts dumped by verify (`SITELIFT_FIDELITY_DUMP=<dir>`): per
 * route its scores, both pages' heights, the largest unmatched blocks of each side and the matched
 * pairs that moved most. A developer's tool for finding what keeps block and position low.
 *
 *   SITELIFT_FIDELITY_DUMP=/tmp/dump npm run bench -- --site agency-bs3 --strategy STYLE_MODERNIZATION
 *   npx tsx bench/explain-fidelity.ts /tmp/dump [--top N] [--route SLUG]
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  MIN_MATCH_SIMILARITY,
  matchTextBlocks,
  toBlockScores,
  type Unit,
} from '../src/stages/verify/fidelity/design2code-scores';
import type { LayoutSnapshot } from '../src/measure/layout-snapshot';

interface Dump {
  route: string;
  original: LayoutSnapshot;
  rebuilt: LayoutSnapshot;
}

function short(text: string, length = 70): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

function describe(unit: Unit): string {
  const { x, y, width, height } = unit.box;
  return `${(unit.area * 100).toFixed(2)} % @${Math.round(x)},${Math.round(y)} ${Math.round(width)}×${Math.round(height)} "${short(unit.text)}"`;
}

async function listDumps(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '8' }, route: { type: 'string' } },
  });
  const top = Number(values.top);
  const dir = positionals[0];
  if (dir === undefined)
    throw new Error('Usage: explain-fidelity <dump dir> [--top N] [--route SLUG]');
  for (const file of await listDumps(dir)) {
    if (values.route !== undefined && !file.includes(values.route)) continue;
    const dump = JSON.parse(await readFile(file, 'utf8')) as Dump;
    const scores = toBlockScores(dump.original, dump.rebuilt);
    const { a, b, pairs } = matchTextBlocks(dump.original, dump.rebuilt);
    const matches = pairs.filter((pair) => pair.similarity >= MIN_MATCH_SIMILARITY);
    const matchedA = new Set(matches.map((pair) => pair.original));
    const matchedB = new Set(matches.map((pair) => pair.rebuilt));
    console.log(
      `\n## ${path.relative(dir, file)} (${dump.route}) block ${scores.block.toFixed(3)} text ${scores.text.toFixed(3)} position ${scores.position.toFixed(3)} colour ${scores.color.toFixed(3)}`,
    );
    console.log(
      `   height original ${dump.original.page.height} px (${a.length} units) · rebuilt ${dump.rebuilt.page.height} px (${b.length} units)`,
    );
    const sideReport = (label: string, units: Unit[], matched: Set<number>): void => {
      const unmatched = units
        .map((unit, index) => ({ unit, index }))
        .filter(({ index }) => !matched.has(index));
      const area = unmatched.reduce((sum, { unit }) => sum + unit.area, 0);
      const all = units.reduce((sum, unit) => sum + unit.area, 0);
      console.log(
        `   ${label}: unmatched ${unmatched.length} units, ${((area / (all || 1)) * 100).toFixed(1)} % of its text area`,
      );
      for (const { unit } of unmatched.sort((x, y) => y.unit.area - x.unit.area).slice(0, top))
        console.log(`     - ${describe(unit)}`);
    };
    sideReport('original only', a, matchedA);
    sideReport('rebuilt only', b, matchedB);
    const moved = matches
      .map((pair) => {
        const first = a[pair.original]!;
        const second = b[pair.rebuilt]!;
        const cx = (unit: Unit, page: LayoutSnapshot['page']): number =>
          (unit.box.x + unit.box.width / 2) / page.width;
        const cy = (unit: Unit, page: LayoutSnapshot['page']): number =>
          (unit.box.y + unit.box.height / 2) / page.height;
        const dx = cx(second, dump.rebuilt.page) - cx(first, dump.original.page);
        const dy = cy(second, dump.rebuilt.page) - cy(first, dump.original.page);
        return { first, dx, dy, cost: Math.max(Math.abs(dx), Math.abs(dy)) };
      })
      .sort((x, y) => y.cost - x.cost)
      .slice(0, top);
    console.log(`   moved most (dx, dy in page fractions):`);
    for (const { first, dx, dy } of moved)
      console.log(`     - ${dx.toFixed(2)}, ${dy.toFixed(2)} "${short(first.text, 60)}"`);
  }
}

await main();
