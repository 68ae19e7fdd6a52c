import { createHash, createHmac, randomBytes } from 'node:crypto';
import { startFakeHost, type FakeHost } from './fake-host-server';

// A Netlify-compatible API for tests (issue 27), at `<url>` = `http://127.0.0.1:<port>/api/v1`, the
// base the real `@netlify/api` client is pointed at. It speaks the file-digest deploy protocol:
// GET /user; POST /sites, GET|DELETE /sites/:id; POST /sites/:id/deploys with `files`
// {"/path": sha1} answering `required` (the digests it has not stored yet); PUT
// /deploys/:id/files/<path> (the body must hash to the manifest's digest); GET|DELETE /deploys/:id
// (state `uploading` until every required digest arrived, then `ready`). Sites belong to the token
// that made them; `claim` moves a claimable site (created with a `session_id`) to another token when
// the claim JWT verifies against the partner's OAuth secret, as Netlify's claim page does.

interface Site {
  id: string;
  name: string;
  owner: string;
  sessionId: string | null;
  publishedDeploy: string | null;
}

interface Deploy {
  id: string;
  siteId: string;
  files: Record<string, string>;
  required: Set<string>;
  state: 'uploading' | 'ready';
}

/** The fake Netlify and what a test reads from it. */
export interface FakeNetlify extends FakeHost {
  sites: Map<string, Site>;
  /** Every digest stored, with its bytes. */
  blobs: Map<string, Buffer>;
  /** Digests uploaded, in order (a digest uploaded twice appears twice). */
  uploads: string[];
  /** The files the site serves now (its published deploy): path without '/' → bytes. */
  liveFiles(siteId: string): Map<string, Buffer>;
  /** The owner's claim: the JWT of the claim link, verified with `clientSecret`; moves the site. */
  claim(jwt: string, newOwnerToken: string): Site;
}

function errorBody(status: number, message: string) {
  return { code: status, message };
}

/** Starts the fake on a free loopback port. `clientSecret` verifies claim links. */
export async function startFakeNetlify(
  options: { tokens?: string[]; clientSecret?: string; port?: number } = {},
): Promise<FakeNetlify> {
  const sites = new Map<string, Site>();
  const deploys = new Map<string, Deploy>();
  const blobs = new Map<string, Buffer>();
  const uploads: string[] = [];
  const id = () => randomBytes(12).toString('hex');
  const siteJson = (site: Site) => ({
    id: site.id,
    site_id: site.id,
    name: site.name,
    url: `http://${site.name}.netlify.app`,
    ssl_url: `https://${site.name}.netlify.app`,
    admin_url: `https://app.netlify.com/sites/${site.name}`,
    session_id: site.sessionId,
  });
  const deployJson = (deploy: Deploy) => ({
    id: deploy.id,
    site_id: deploy.siteId,
    state: deploy.state,
    required: [...deploy.required],
    ssl_url: `https://${deploy.id}--${sites.get(deploy.siteId)?.name ?? 'site'}.netlify.app`,
    error_message: null,
  });
  const ownSite = (siteId: string, token: string | undefined) => {
    const site = sites.get(siteId);
    return site && site.owner === token ? site : undefined;
  };
  const ownDeploy = (deployId: string, token: string | undefined) => {
    const deploy = deploys.get(deployId);
    return deploy && ownSite(deploy.siteId, token) ? deploy : undefined;
  };
  const notFound = { status: 404, json: errorBody(404, 'Not Found') };
  const finishIfComplete = (deploy: Deploy) => {
    if (deploy.required.size > 0) return;
    deploy.state = 'ready';
    const site = sites.get(deploy.siteId);
    if (site) site.publishedDeploy = deploy.id;
  };

  const host = await startFakeHost({
    port: options.port,
    prefix: '/api/v1',
    tokens: options.tokens ?? ['netlify-good-token'],
    errorBody,
    routes: [
      {
        method: 'GET',
        pattern: /^\/user$/,
        handle: () => ({
          json: { id: 'u1', email: 'owner@example.test', full_name: 'Owner', slug: 'owner' },
        }),
      },
      {
        method: 'POST',
        pattern: /^\/sites$/,
        handle: (request) => {
          const body = JSON.parse(request.body.toString() || '{}') as {
            name?: string;
            session_id?: string;
          };
          const name = body.name ?? `site-${id().slice(0, 8)}`;
          if ([...sites.values()].some((site) => site.name === name)) {
            return { status: 422, json: errorBody(422, 'subdomain must be unique') };
          }
          const site: Site = {
            id: id(),
            name,
            owner: request.token ?? '',
            sessionId: body.session_id ?? null,
            publishedDeploy: null,
          };
          sites.set(site.id, site);
          return { status: 201, json: siteJson(site) };
        },
      },
      {
        method: 'GET',
        pattern: /^\/sites\/([^/]+)$/,
        handle: (request) => {
          const site = ownSite(request.params[0] ?? '', request.token);
          return site ? { json: siteJson(site) } : notFound;
        },
      },
      {
        method: 'DELETE',
        pattern: /^\/sites\/([^/]+)$/,
        handle: (request) => {
          const site = ownSite(request.params[0] ?? '', request.token);
          if (!site) return notFound;
          sites.delete(site.id);
          return { status: 204 };
        },
      },
      {
        method: 'POST',
        pattern: /^\/sites\/([^/]+)\/deploys$/,
        handle: (request) => {
          const site = ownSite(request.params[0] ?? '', request.token);
          if (!site) return notFound;
          const body = JSON.parse(request.body.toString() || '{}') as {
            files?: Record<string, string>;
          };
          const files = body.files ?? {};
          const deploy: Deploy = {
            id: id(),
            siteId: site.id,
            files,
            required: new Set(Object.values(files).filter((digest) => !blobs.has(digest))),
            state: 'uploading',
          };
          deploys.set(deploy.id, deploy);
          finishIfComplete(deploy);
          return { json: deployJson(deploy) };
        },
      },
      {
        method: 'PUT',
        pattern: /^\/deploys\/([^/]+)\/files\/(.+)$/,
        handle: (request) => {
          const deploy = ownDeploy(request.params[0] ?? '', request.token);
          if (!deploy) return notFound;
          const filePath = `/${request.params[1] ?? ''}`;
          const expected = deploy.files[filePath];
          const digest = createHash('sha1').update(request.body).digest('hex');
          if (!expected)
            return { status: 422, json: errorBody(422, `${filePath} is not in the deploy`) };
          if (digest !== expected) {
            return { status: 422, json: errorBody(422, `SHA1 mismatch for ${filePath}`) };
          }
          blobs.set(digest, request.body);
          uploads.push(digest);
          deploy.required.delete(digest);
          finishIfComplete(deploy);
          return { json: { id: digest, path: filePath, sha: digest, size: request.body.length } };
        },
      },
      {
        method: 'GET',
        pattern: /^\/deploys\/([^/]+)$/,
        handle: (request) => {
          const deploy = ownDeploy(request.params[0] ?? '', request.token);
          return deploy ? { json: deployJson(deploy) } : notFound;
        },
      },
      {
        method: 'DELETE',
        pattern: /^\/deploys\/([^/]+)$/,
        handle: (request) => {
          const deploy = ownDeploy(request.params[0] ?? '', request.token);
          if (!deploy) return notFound;
          deploys.delete(deploy.id);
          return { status: 204 };
        },
      },
    ],
  });
  return {
    ...host,
    sites,
    blobs,
    uploads,
    liveFiles(siteId) {
      const deploy = deploys.get(sites.get(siteId)?.publishedDeploy ?? '');
      const files = new Map<string, Buffer>();
      for (const [filePath, digest] of Object.entries(deploy?.files ?? {})) {
        const bytes = blobs.get(digest);
        if (bytes) files.set(filePath.slice(1), bytes);
      }
      return files;
    },
    claim(jwt, newOwnerToken) {
      const [header, payload, signature] = jwt.split('.');
      const expected = createHmac('sha256', options.clientSecret ?? '')
        .update(`${header}.${payload}`)
        .digest('base64url');
      if (!payload || signature !== expected)
        throw new Error('the claim link is not signed by the partner');
      const { session_id: sessionId } = JSON.parse(
        Buffer.from(payload, 'base64url').toString(),
      ) as { session_id?: string };
      const site = [...sites.values()].find((candidate) => candidate.sessionId === sessionId);
      if (!site) throw new Error('no site for this claim');
      site.owner = newOwnerToken;
      site.sessionId = null;
      return site;
    },
  };
}
