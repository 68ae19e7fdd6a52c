import { createHash, randomBytes } from 'node:crypto';
import { startFakeHost, type FakeHost } from './fake-host-server';

// A Vercel-compatible API for tests (issue 27), at `<url>` = `http://127.0.0.1:<port>`, the
// `serverURL` the real `@vercel/sdk` is pointed at. It speaks the file-by-SHA deployment protocol:
// GET /v2/user; POST /v11/projects, GET|DELETE /v9/projects/:idOrName; POST /v2/files (body hashed
// against `x-vercel-digest`); POST /v13/deployments with `files` [{file, sha, size}] answering 400
// `missing_files` with the digests it lacks, else a deployment that is READY at its next GET;
// GET|DELETE /v13/deployments/:id; POST /projects/:idOrName/transfer-request → `{ code }` for the
// claim link, which `claim(code, token)` accepts for 24 hours (Vercel's claim deployments).

interface Project {
  id: string;
  name: string;
  owner: string;
  productionDeployment: string | null;
  transferCode: { code: string; expiresAt: number } | null;
}

interface Deployment {
  id: string;
  projectId: string;
  files: { file: string; sha: string }[];
  readyState: 'BUILDING' | 'READY';
}

/** The fake Vercel and what a test reads from it. */
export interface FakeVercel extends FakeHost {
  projects: Map<string, Project>;
  blobs: Map<string, Buffer>;
  uploads: string[];
  liveFiles(projectId: string): Map<string, Buffer>;
  /** The owner opens the claim link: the project moves to `newOwnerToken`'s account. */
  claim(code: string, newOwnerToken: string, now?: number): Project;
}

function errorBody(status: number, message: string) {
  const code =
    status === 401
      ? 'forbidden'
      : status === 429
        ? 'rate_limited'
        : status === 404
          ? 'not_found'
          : 'bad_request';
  return { error: { code, message } };
}

const CLAIM_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Starts the fake on a free loopback port. */
export async function startFakeVercel(
  options: { tokens?: string[]; port?: number } = {},
): Promise<FakeVercel> {
  const projects = new Map<string, Project>();
  const deployments = new Map<string, Deployment>();
  const blobs = new Map<string, Buffer>();
  const uploads: string[] = [];
  const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
  const now = () => Date.now();
  const projectJson = (project: Project) => ({
    id: project.id,
    name: project.name,
    accountId: 'acc_1',
    framework: null,
    nodeVersion: '22.x',
    createdAt: now(),
    updatedAt: now(),
    directoryListing: false,
    latestDeployments: [],
    targets: {},
    env: [],
    alias: [],
    defaultResourceConfig: { fluid: false, functionDefaultRegions: ['iad1'] },
    deploymentExpiration: {
      expirationDays: 0,
      expirationDaysProduction: 0,
      expirationDaysCanceled: 0,
      expirationDaysErrored: 0,
      deploymentsToKeep: 10,
    },
    resourceConfig: { fluid: false, functionDefaultRegions: ['iad1'] },
  });
  const deploymentJson = (deployment: Deployment) => {
    const project = projects.get(deployment.projectId);
    const name = project?.name ?? 'project';
    return {
      id: deployment.id,
      url: `${name}-${deployment.id.slice(4, 12)}.vercel.app`,
      name,
      alias: [`${name}.vercel.app`],
      aliasAssigned: true,
      readyState: deployment.readyState,
      status: deployment.readyState,
      target: 'production',
      projectId: deployment.projectId,
      ownerId: 'acc_1',
      createdAt: now(),
      buildingAt: now(),
      version: 2,
      type: 'LAMBDAS',
      public: false,
      regions: ['iad1'],
      routes: null,
      plan: 'hobby',
      creator: { uid: 'u1', username: 'owner' },
      lambdas: [],
      meta: {},
      inspectorUrl: null,
    };
  };
  const findProject = (idOrName: string, token: string | undefined) =>
    [...projects.values()].find(
      (project) =>
        (project.id === idOrName || project.name === idOrName) && project.owner === token,
    );
  const notFound = (what: string) => ({ status: 404, json: errorBody(404, `${what} not found`) });

  const host = await startFakeHost({
    port: options.port,
    prefix: '',
    tokens: options.tokens ?? ['vercel-good-token'],
    errorBody,
    routes: [
      {
        method: 'GET',
        pattern: /^\/v2\/user$/,
        handle: () => ({
          json: {
            user: {
              id: 'u1',
              email: 'owner@example.test',
              name: 'Owner',
              username: 'owner',
              avatar: null,
              defaultTeamId: null,
              createdAt: now(),
              softBlock: null,
              billing: null,
              resourceConfig: {},
              stagingPrefix: 'owner',
              version: 'northstar',
              limited: false,
            },
          },
        }),
      },
      {
        method: 'POST',
        pattern: /^\/v11\/projects$/,
        handle: (request) => {
          const body = JSON.parse(request.body.toString() || '{}') as { name?: string };
          const name = body.name ?? id('p');
          if ([...projects.values()].some((project) => project.name === name)) {
            return { status: 409, json: errorBody(409, 'A project with this name already exists') };
          }
          const project: Project = {
            id: id('prj'),
            name,
            owner: request.token ?? '',
            productionDeployment: null,
            transferCode: null,
          };
          projects.set(project.id, project);
          return { json: projectJson(project) };
        },
      },
      {
        method: 'GET',
        pattern: /^\/v9\/projects\/([^/]+)$/,
        handle: (request) => {
          const project = findProject(request.params[0] ?? '', request.token);
          return project ? { json: projectJson(project) } : notFound('Project');
        },
      },
      {
        method: 'DELETE',
        pattern: /^\/v9\/projects\/([^/]+)$/,
        handle: (request) => {
          const project = findProject(request.params[0] ?? '', request.token);
          if (!project) return notFound('Project');
          projects.delete(project.id);
          return { status: 204 };
        },
      },
      {
        method: 'POST',
        pattern: /^\/v2\/files$/,
        handle: (request) => {
          const digest = String(request.headers['x-vercel-digest'] ?? '');
          const actual = createHash('sha1').update(request.body).digest('hex');
          if (digest !== actual) {
            return {
              status: 400,
              json: {
                error: { code: 'incorrect_file_sha', message: 'The file SHA does not match' },
              },
            };
          }
          blobs.set(digest, request.body);
          uploads.push(digest);
          return { json: { urls: [] } };
        },
      },
      {
        method: 'POST',
        pattern: /^\/v13\/deployments$/,
        handle: (request) => {
          const body = JSON.parse(request.body.toString() || '{}') as {
            project?: string;
            files?: { file: string; sha: string }[];
          };
          const project = findProject(body.project ?? '', request.token);
          if (!project) return notFound('Project');
          const files = body.files ?? [];
          const missing = [
            ...new Set(files.map((file) => file.sha).filter((sha) => !blobs.has(sha))),
          ];
          if (missing.length > 0) {
            return {
              status: 400,
              json: { error: { code: 'missing_files', message: 'Missing files', missing } },
            };
          }
          const deployment: Deployment = {
            id: id('dpl'),
            projectId: project.id,
            files,
            readyState: 'BUILDING',
          };
          deployments.set(deployment.id, deployment);
          return { json: deploymentJson(deployment) };
        },
      },
      {
        method: 'GET',
        pattern: /^\/v13\/deployments\/([^/]+)$/,
        handle: (request) => {
          const deployment = deployments.get(request.params[0] ?? '');
          const project = deployment && projects.get(deployment.projectId);
          if (!deployment || !project || project.owner !== request.token)
            return notFound('Deployment');
          // Static files: ready at the first look after creation.
          deployment.readyState = 'READY';
          project.productionDeployment = deployment.id;
          return { json: deploymentJson(deployment) };
        },
      },
      {
        method: 'DELETE',
        pattern: /^\/v13\/deployments\/([^/]+)$/,
        handle: (request) => {
          const deployment = deployments.get(request.params[0] ?? '');
          if (!deployment) return notFound('Deployment');
          deployments.delete(deployment.id);
          return { json: { uid: deployment.id, state: 'DELETED' } };
        },
      },
      {
        method: 'POST',
        pattern: /^\/projects\/([^/]+)\/transfer-request$/,
        handle: (request) => {
          const project = findProject(request.params[0] ?? '', request.token);
          if (!project) return notFound('Project');
          project.transferCode = {
            code: randomBytes(16).toString('hex'),
            expiresAt: now() + CLAIM_LIFETIME_MS,
          };
          return { json: { code: project.transferCode.code } };
        },
      },
    ],
  });
  return {
    ...host,
    projects,
    blobs,
    uploads,
    liveFiles(projectId) {
      const deployment = deployments.get(projects.get(projectId)?.productionDeployment ?? '');
      const files = new Map<string, Buffer>();
      for (const file of deployment?.files ?? []) {
        const bytes = blobs.get(file.sha);
        if (bytes) files.set(file.file, bytes);
      }
      return files;
    },
    claim(code, newOwnerToken, at = now()) {
      const project = [...projects.values()].find(
        (candidate) => candidate.transferCode?.code === code,
      );
      if (!project?.transferCode) throw new Error('unknown claim code');
      if (project.transferCode.expiresAt < at) throw new Error('the claim code has expired');
      project.owner = newOwnerToken;
      project.transferCode = null;
      return project;
    },
  };
}
