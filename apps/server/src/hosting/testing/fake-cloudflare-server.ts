import { randomBytes } from 'node:crypto';
import { startFakeHost, type FakeHost, type FakeRequest } from './fake-host-server';

// A Cloudflare-compatible API for tests (issue 27), at `<url>` = `http://127.0.0.1:<port>/client/v4`,
// the `baseURL` the real `cloudflare` SDK is pointed at, with Cloudflare's envelope
// `{ success, errors, messages, result }`. It speaks Pages direct upload: GET /user/tokens/verify,
// GET /accounts[/:id]; POST /accounts/:a/pages/projects, GET|DELETE .../projects/:name; GET
// .../projects/:name/upload-token → a JWT that alone authorises POST /pages/assets/check-missing
// (answers the hashes it lacks), /pages/assets/upload ([{ key, value (base64), metadata, base64 }])
// and /pages/assets/upsert-hashes; POST .../projects/:name/deployments (multipart: `manifest`
// {"/path": hash}, `_redirects`), GET|DELETE .../deployments/:id.

interface PagesProject {
  name: string;
  owner: string;
  accountId: string;
  productionDeployment: string | null;
}

interface PagesDeployment {
  id: string;
  project: string;
  manifest: Record<string, string>;
  redirects: string | null;
}

/** The fake Cloudflare and what a test reads from it. */
export interface FakeCloudflare extends FakeHost {
  projects: Map<string, PagesProject>;
  blobs: Map<string, Buffer>;
  uploads: string[];
  /** The project's live files (its production deployment's manifest and `_redirects`). */
  liveFiles(projectName: string): Map<string, Buffer>;
}

function errorBody(status: number, message: string) {
  const code = status === 401 ? 10000 : status === 429 ? 971 : status === 404 ? 8000007 : 8000000;
  return { success: false, errors: [{ code, message }], messages: [], result: null };
}

const ok = (result: unknown, extra: Record<string, unknown> = {}) => ({
  json: { success: true, errors: [], messages: [], result, ...extra },
});

/** Starts the fake on a free loopback port; its account is `account-1` ("Owner's account"). */
export async function startFakeCloudflare(
  options: { tokens?: string[]; port?: number } = {},
): Promise<FakeCloudflare> {
  const accountId = 'account-1';
  const projects = new Map<string, PagesProject>();
  const deployments = new Map<string, PagesDeployment>();
  const blobs = new Map<string, Buffer>();
  const uploads: string[] = [];
  const jwts = new Map<string, string>();
  const projectJson = (project: PagesProject) => ({
    id: `${project.name}-id`,
    name: project.name,
    subdomain: `${project.name}.pages.dev`,
    production_branch: 'main',
    created_on: new Date().toISOString(),
    domains: [`${project.name}.pages.dev`],
  });
  const deploymentJson = (deployment: PagesDeployment, status: 'active' | 'success') => ({
    id: deployment.id,
    url: `https://${deployment.id.slice(0, 8)}.${deployment.project}.pages.dev`,
    environment: 'production',
    project_name: deployment.project,
    latest_stage: { name: 'deploy', status },
    stages: [],
    created_on: new Date().toISOString(),
  });
  const notFound = { status: 404, json: errorBody(404, 'Project not found.') };
  const own = (request: FakeRequest) => {
    const project = projects.get(request.params[1] ?? '');
    return project && project.owner === request.token && request.params[0] === project.accountId
      ? project
      : undefined;
  };
  const jwtOf = (request: FakeRequest) =>
    request.token && jwts.has(request.token) ? request.token : undefined;
  const badJwt = { status: 401, json: errorBody(401, 'Invalid upload token') };

  const host = await startFakeHost({
    port: options.port,
    prefix: '/client/v4',
    tokens: options.tokens ?? ['cloudflare-good-token'],
    errorBody,
    routes: [
      {
        method: 'GET',
        pattern: /^\/user\/tokens\/verify$/,
        handle: () => ok({ id: 'token-1', status: 'active' }),
      },
      {
        method: 'GET',
        pattern: /^\/accounts$/,
        handle: () =>
          ok([{ id: accountId, name: "Owner's account" }], {
            result_info: { page: 1, per_page: 20, count: 1, total_count: 1 },
          }),
      },
      {
        method: 'GET',
        pattern: /^\/accounts\/([^/]+)$/,
        handle: (request) =>
          request.params[0] === accountId
            ? ok({ id: accountId, name: "Owner's account" })
            : { status: 404, json: errorBody(404, 'Account not found') },
      },
      {
        method: 'POST',
        pattern: /^\/accounts\/([^/]+)\/pages\/projects$/,
        handle: (request) => {
          const body = JSON.parse(request.body.toString() || '{}') as { name?: string };
          const name = body.name ?? '';
          if (!/^[a-z0-9][a-z0-9-]{0,57}$/.test(name)) {
            return { status: 400, json: errorBody(400, 'Invalid project name.') };
          }
          if (projects.has(name)) {
            return {
              status: 409,
              json: errorBody(409, 'A project with this name already exists.'),
            };
          }
          const project: PagesProject = {
            name,
            owner: request.token ?? '',
            accountId: request.params[0] ?? '',
            productionDeployment: null,
          };
          projects.set(name, project);
          return ok(projectJson(project));
        },
      },
      {
        method: 'GET',
        pattern: /^\/accounts\/([^/]+)\/pages\/projects\/([^/]+)$/,
        handle: (request) => {
          const project = own(request);
          return project ? ok(projectJson(project)) : notFound;
        },
      },
      {
        method: 'DELETE',
        pattern: /^\/accounts\/([^/]+)\/pages\/projects\/([^/]+)$/,
        handle: (request) => {
          const project = own(request);
          if (!project) return notFound;
          projects.delete(project.name);
          return ok(null);
        },
      },
      {
        method: 'GET',
        pattern: /^\/accounts\/([^/]+)\/pages\/projects\/([^/]+)\/upload-token$/,
        handle: (request) => {
          const project = own(request);
          if (!project) return notFound;
          const jwt = `jwt.${randomBytes(16).toString('hex')}`;
          jwts.set(jwt, project.name);
          return ok({ jwt });
        },
      },
      {
        method: 'POST',
        pattern: /^\/pages\/assets\/check-missing$/,
        auth: false,
        handle: (request) => {
          if (!jwtOf(request)) return badJwt;
          const { hashes = [] } = JSON.parse(request.body.toString() || '{}') as {
            hashes?: string[];
          };
          return ok(hashes.filter((hash) => !blobs.has(hash)));
        },
      },
      {
        method: 'POST',
        pattern: /^\/pages\/assets\/upload$/,
        auth: false,
        handle: (request) => {
          if (!jwtOf(request)) return badJwt;
          const items = JSON.parse(request.body.toString() || '[]') as {
            key: string;
            value: string;
            base64?: boolean;
          }[];
          for (const item of items) {
            blobs.set(item.key, Buffer.from(item.value, item.base64 ? 'base64' : 'utf8'));
            uploads.push(item.key);
          }
          return ok({ successful_key_count: items.length, unsuccessful_keys: [] });
        },
      },
      {
        method: 'POST',
        pattern: /^\/pages\/assets\/upsert-hashes$/,
        auth: false,
        handle: (request) => (jwtOf(request) ? ok(true) : badJwt),
      },
      {
        method: 'POST',
        pattern: /^\/accounts\/([^/]+)\/pages\/projects\/([^/]+)\/deployments$/,
        handle: async (request) => {
          const project = own(request);
          if (!project) return notFound;
          const form = await new Response(new Uint8Array(request.body), {
            headers: { 'content-type': String(request.headers['content-type']) },
          }).formData();
          const manifest = JSON.parse(String(form.get('manifest') ?? '{}')) as Record<
            string,
            string
          >;
          const missing = Object.values(manifest).filter((hash) => !blobs.has(hash));
          if (missing.length > 0) {
            return {
              status: 400,
              json: errorBody(400, `Files were not uploaded: ${missing.length} missing`),
            };
          }
          const redirects = form.get('_redirects');
          const deployment: PagesDeployment = {
            id: randomBytes(16).toString('hex'),
            project: project.name,
            manifest,
            redirects: redirects instanceof Blob ? await redirects.text() : null,
          };
          deployments.set(deployment.id, deployment);
          project.productionDeployment = deployment.id;
          return ok(deploymentJson(deployment, 'active'));
        },
      },
      {
        method: 'GET',
        pattern: /^\/accounts\/([^/]+)\/pages\/projects\/([^/]+)\/deployments\/([^/]+)$/,
        handle: (request) => {
          const project = own(request);
          const deployment = deployments.get(request.params[2] ?? '');
          if (!project || deployment?.project !== project.name) return notFound;
          return ok(deploymentJson(deployment, 'success'));
        },
      },
      {
        method: 'DELETE',
        pattern: /^\/accounts\/([^/]+)\/pages\/projects\/([^/]+)\/deployments\/([^/]+)$/,
        handle: (request) => {
          const project = own(request);
          if (!project) return notFound;
          deployments.delete(request.params[2] ?? '');
          return ok(null);
        },
      },
    ],
  });
  return {
    ...host,
    projects,
    blobs,
    uploads,
    liveFiles(projectName) {
      const deployment = deployments.get(projects.get(projectName)?.productionDeployment ?? '');
      const files = new Map<string, Buffer>();
      for (const [filePath, hash] of Object.entries(deployment?.manifest ?? {})) {
        const bytes = blobs.get(hash);
        if (bytes) files.set(filePath.slice(1), bytes);
      }
      if (deployment?.redirects !== null && deployment?.redirects !== undefined) {
        files.set('_redirects', Buffer.from(deployment.redirects));
      }
      return files;
    },
  };
}
