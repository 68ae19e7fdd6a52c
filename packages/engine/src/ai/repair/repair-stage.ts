/**
 * The repair stage (issue 25): after verify, the model's patches through the repair loop
 * (./repair-site.ts), then the whole repaired site verified once more as the verify stage does, so
 * that what package delivers — project and report — is the accepted plan's. The offline result is
 * kept, with a note, when that last verify finds anything worse than the offline one. Without a model,
 * with repair turned off or without fidelity measures (no screenshots), it passes everything through.
 */
import type { RepairOutput } from '../../contract/repair';
import type { SitePlan } from '../../model';
import type { EnginePorts } from '../../ports';
import type { FileTree, VerifyReport } from '../../types';
import type { AiClient } from '../types';
import { judgePatch } from './decide';
import { measureRoute } from './measurements';
import { repairSite } from './repair-site';

/** What the stage needs of the pipeline's context (a subset of StageContext). */
export interface RepairStageContext {
  ai?: AiClient;
  ports: EnginePorts;
  checkCancelled(): void;
}

/** The stages' functions the loop runs (composed by pipeline-stages.ts). */
export interface RepairStageDeps {
  generate(plan: SitePlan): Promise<FileTree>;
  /** verify on these routes (undefined: all, exactly as the verify stage does). */
  verify(tree: FileTree, routes?: string[]): Promise<VerifyReport>;
  /** Screenshots to WebP, as the verify stage delivers them. */
  compress(report: VerifyReport): Promise<VerifyReport>;
  routeSlug(route: string): string;
}

const NOTHING: RepairOutput = { patches: [], crops: {} };

/** Why the whole repaired site is worse than the offline one, or undefined when it is not. */
export function compareWholeSite(
  offline: VerifyReport,
  repaired: VerifyReport,
): string | undefined {
  if (!repaired.build.ok) return 'the repaired project does not build';
  if (repaired.textCoverage < offline.textCoverage)
    return `text coverage ${offline.textCoverage.toFixed(4)} → ${repaired.textCoverage.toFixed(4)}`;
  const routes = new Set([
    ...offline.missingText.map((entry) => entry.route),
    ...repaired.missingText.map((entry) => entry.route),
    ...(offline.fidelity?.routes ?? []).map((entry) => entry.route),
  ]);
  for (const route of routes) {
    const verdict = judgePatch(route, measureRoute(offline, route), measureRoute(repaired, route));
    if (!verdict.kept) return verdict.why;
  }
  return undefined;
}

/** A crop's name once compressed (`.png` → `.webp`), as compressScreenshots names it. */
function compressedName(name: string, compressed: Record<string, Uint8Array>): string {
  const webp = name.replace(/\.png$/iu, '.webp');
  return webp in compressed ? webp : name;
}

export async function runRepairStage(
  input: { optimize: SitePlan; generate: FileTree; verify: VerifyReport },
  ctx: RepairStageContext,
  deps: RepairStageDeps,
): Promise<RepairOutput> {
  const { ai, ports } = ctx;
  if (ai === undefined || ai.config.disabled.includes('repair') || ai.config.maxRounds === 0)
    return NOTHING;
  const log = (level: 'INFO' | 'WARNING' | 'DEBUG', message: string) =>
    ports.logger.log({ level, message });
  if (input.verify.fidelity === undefined || !input.verify.build.ok) {
    ai.note(
      'The repair loop did not run: the rebuild was not measured against the original (no screenshots).',
    );
    return NOTHING;
  }
  const result = await repairSite(
    { plan: input.optimize, tree: input.generate, verify: input.verify },
    {
      ai,
      ...deps,
      log,
      checkCancelled: () => ctx.checkCancelled(),
      progress: (done, total) => ports.logger.progress?.({ stage: 'repair', done, total }),
    },
  );
  // The crops the model saw, as WebP like every screenshot of the report.
  const packed = await deps.compress({
    ...input.verify,
    fidelity: undefined,
    screenshots: result.crops,
  });
  const rename = (name: string) => compressedName(name, packed.screenshots);
  let patches = result.patches.map((patch) =>
    patch.crops === undefined
      ? patch
      : {
          ...patch,
          crops: {
            original: rename(patch.crops.original),
            before: rename(patch.crops.before),
            ...(patch.crops.after === undefined ? {} : { after: rename(patch.crops.after) }),
          },
        },
  );
  const kept = patches.filter((patch) => patch.kept).length;
  log(
    'INFO',
    `The AI proposed ${patches.length} patch${patches.length === 1 ? '' : 'es'}; ${kept} kept`,
  );
  if (result.repaired === undefined) return { patches, crops: packed.screenshots };

  // The delivered report is the accepted plan's: the whole site verified again, as verify does.
  ctx.checkCancelled();
  const verify = await deps.compress(await deps.verify(result.repaired.tree));
  const worse = compareWholeSite(input.verify, verify);
  if (worse !== undefined) {
    ai.note(
      `The repaired site measured worse as a whole (${worse}): the rebuild stays as the rules built it.`,
    );
    log('WARNING', `AI repairs dropped: ${worse}`);
    patches = patches.map((patch) =>
      patch.kept ? { ...patch, kept: false, why: `${patch.why}; dropped: ${worse}` } : patch,
    );
    return { patches, crops: packed.screenshots };
  }
  return {
    patches,
    crops: packed.screenshots,
    repaired: { plan: result.repaired.plan, generate: result.repaired.tree, verify },
  };
}
