/**
 * @sitelift/engine — the only public entry. URL → verified React + Vite + Tailwind project:
 * fetchSite → extractSite → planSite (+ designSite) → optimizeImages → generateProject →
 * verifyProject → packageProject, the stage table (DEFAULT_PIPELINE) runPipeline walks. Every stage takes and returns plain data (types.ts, model/).
 */

// The stage contract and the ports.
export * from './types';
export type * from './model/content-model';
export type { Clock, EnginePorts, Logger } from './ports';
export { SILENT_LOGGER, SYSTEM_CLOCK } from './ports';

export { LOOPBACK_ONLY_RESOLVER } from './net/assert-public-url';

// The pipeline.
export {
  DEFAULT_PIPELINE,
  STAGE_LABELS,
  parseStageJson,
  pipelineInputSchema,
  runPipeline,
  toStageJson,
  type PackageOutput,
  type PipelineInput,
  type PipelineOptions,
  type PipelineResult,
  type PipelineStage,
  type PipelineTable,
  type StageContext,
  type StageInputs,
  type StageOutputs,
  type PipelineSummary,
} from './pipeline';

// fetch (and the SSRF guard, which the server also uses to check a submitted URL before queueing it).
export { DEFAULT_FETCH_OPTIONS, fetchSite, MAX_PAGES_LIMIT } from './stages/fetch/fetch-site';
export {
  CHECK_PAGES_CAP,
  CHECK_PATHS_CAP,
  checkSite,
  type CheckSiteOptions,
  type SiteCheck,
  type SiteCheckWarning,
} from './stages/fetch/check-site';
export { assertPublicUrl, type GuardOptions, type HostResolver } from './net/assert-public-url';
export { guardedFetch } from './net/guarded-agent';
export { findChromePath, launchChromium } from './browser/chromium';
export { BROWSER_OWNER_VARIABLE } from './browser/browser-owner';

// The browser: which one (CHROME_PATH, installed, npm-shipped), whether it is sandboxed, and the
// environment without secrets that browsers and builds get.
export {
  findBrowser,
  formatBrowser,
  type BrowserDiscovery,
  type BrowserInfo,
  type BrowserSource,
  type FindBrowserOptions,
} from './browser/find-browser';
export { buildChildEnv, CHILD_ENV_ALLOWLIST } from './process/build-child-env';

// extract, plan, design, generate.
export { extractSite } from './stages/extract/extract-site';
export { planSite, type PlanOptions } from './stages/plan/plan-site';
export {
  optimizeImages,
  MAX_IMAGE_WIDTH,
  type ImageOptimization,
  type OptimizeImagesOptions,
} from './stages/optimize/optimize-images';
export { listNotCarried, toVerifyExpectations } from './stages/plan/expectations';
export { designSite, type Designer } from './design/designer';
export { offlineDesigner } from './design/offline-designer';
export { generateProject } from './stages/generate/generate-project';

// verify and package.
export { verifyProject, type VerifyOptions } from './stages/verify/verify-project';
export { runLighthouse, type LighthouseOptions } from './stages/verify/run-lighthouse';
export { measureLighthouse, type LighthouseComparison } from './stages/verify/measure-lighthouse';
export {
  listArchiveEntries,
  packageProject,
  REPORT_FILE,
  SCREENSHOTS_DIR,
  streamProjectZip,
  type PackageOptions,
} from './stages/package/package-project';
export { findUnsoundEntries, readZipEntries, type ZipEntryCheck } from './stages/package/read-zip';
export { toSiteliftReport, type SiteliftReportInput } from './stages/package/to-sitelift-report';
export { contentTypeOf } from './lib/content-types';

// The model (issue 25): the run's client, "Test connection", the price table and the guards on
// model-written strings. Loopback fakes of the providers for tests: `@sitelift/engine/ai/testing`.
export {
  createAiClient,
  testAiConnection,
  AI_PRICES,
  priceFor,
  type AiClientOptions,
  type AiConnectionResult,
} from './ai/client';
export type {
  AiCallRequest,
  AiCallResult,
  AiClient,
  AiFailure,
  AiImage,
  AiRecord,
  AiUsage,
} from './ai/types';
export { guardWritten, notPlainText, WRITTEN_BOUNDS, type GuardResult } from './ai/guards';
export { createAiDesigner } from './ai/ai-designer';
export { aiUsageOfFailure, type FailedRunAiUsage } from './ai/failed-run-usage';
