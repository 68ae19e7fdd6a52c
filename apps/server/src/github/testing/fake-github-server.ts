import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

// A GitHub-compatible HTTP server for tests and end-to-end runs (issue 14). It speaks the parts of GitHub's
// protocol Sitelift uses, with GitHub's status codes and error bodies, so the real Octokit and
// @octokit/oauth-methods can be pointed at it (GITHUB_API_URL and GITHUB_WEB_URL = its url):
// - web: GET /apps/:slug/installations/new and GET /login/oauth/authorize redirect (302) back with a code;
//   with more than one account the authorize page asks which one (a form; Cancel answers error=access_denied
//   as GitHub does), and PKCE (code_challenge S256) is checked at the exchange;
// - OAuth: POST /login/oauth/access_token (code exchange and refresh_token grant, single-use refresh tokens);
// - REST: GET /user, GET /user/emails, POST /user/repos, GET and DELETE /repos/:o/:r, GET git/ref/heads/main, GET git/commits/:sha,
//   POST git/blobs, git/trees,
//   git/commits, PATCH git/refs/heads/main, DELETE /applications/:client_id/token.
// It keeps repositories, blobs, trees and commits in memory so a test can read every committed file's bytes,
// records every request (method, path, status; bodies without credentials) and can inject faults.
// Test controls (not GitHub's): POST /_fake/users adds or replaces an account, DELETE /_fake/users/:login
// removes it, so a browser test in another process can set up the accounts it signs in with.
// CLI: `node --import tsx apps/server/src/github/testing/fake-github-server.ts --port 4010
//   --app-url http://127.0.0.1:3000` (prints the URL and the client id/secret to use).

type Json = Record<string, unknown>;

/** The GitHub account the fake signs users into. */
export interface FakeGithubUser {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url: string | null;
  /**
   * What GET /user/emails lists; by default `email` as the primary, verified address (none when it is
   * null).
   */
  emails?: FakeGithubEmail[];
}

/** One entry of GET /user/emails, in GitHub's format. */
export interface FakeGithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
  visibility: 'public' | 'private' | null;
}

/** What an authorization code was issued for (PKCE challenge and redirect_uri are checked at the exchange). */
interface IssuedCode {
  login: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  redirectUri?: string;
}

/** One request the server received. Credentials (tokens, codes, secrets) are not kept. */
export interface RecordedGithubRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  /** The account the bearer token belongs to, when it was valid. */
  login: string | undefined;
  /** JSON body for API calls; OAuth bodies keep only their non-secret fields. */
  body: Json | undefined;
  /** The X-GitHub-Api-Version header as sent. */
  apiVersion: string | undefined;
  /** The Authorization header's scheme as sent ('Bearer', 'token', 'Basic'), without its credentials. */
  authScheme: string | undefined;
}

interface TreeEntry {
  path: string;
  mode: string;
  type: 'blob';
  sha: string;
}

/** A repository with its git objects. */
export interface FakeRepository {
  id: number;
  owner: string;
  name: string;
  full_name: string;
  private: boolean;
  description: string | null;
  html_url: string;
  /** Remaining GET ref calls that answer 409 'Git Repository is empty.' (see emptyRefCalls). */
  emptyRefCallsLeft: number;
  refs: Map<string, string>;
  blobs: Map<string, Buffer>;
  trees: Map<string, Map<string, TreeEntry>>;
  commits: Map<string, { message: string; tree: string; parents: string[] }>;
}

interface AccessToken {
  login: string;
  expiresAt: number | null;
  revoked: boolean;
}

/** A fault: the next `count` requests matching method and path answer `status` with `body`. */
export interface InjectedFault {
  method?: string;
  path: string | RegExp;
  count: number;
  status: number;
  /** JSON, or a string sent as text/html (GitHub's proxies answer HTML pages at times). */
  body: Json | string;
  headers?: Record<string, string>;
}

/** The running fake and what tests may inspect or trigger. */
export interface FakeGithubServer {
  /** Base URL (http://127.0.0.1:port): both GITHUB_API_URL and GITHUB_WEB_URL. */
  url: string;
  clientId: string;
  clientSecret: string;
  appSlug: string;
  state: {
    users: Map<string, FakeGithubUser>;
    repos: Map<string, FakeRepository>;
    requests: RecordedGithubRequest[];
    /** Successful refresh_token grants. */
    refreshCount: number;
    /** Successful code exchanges. */
    exchangeCount: number;
    /** Tokens revoked through DELETE /applications/:client_id/token. */
    revokedCount: number;
    /** Full names of the repositories deleted through DELETE /repos/:owner/:repo. */
    deletedRepos: string[];
    /** Every secret the fake handed out (access and refresh tokens, codes), so tests can look for leaks. */
    issuedSecrets: string[];
  };
  /** A code for `login` (default the first user) as the authorize redirect would carry it. */
  issueCode(login?: string, binding?: Omit<IssuedCode, 'login'>): string;
  /** The next `count` requests to `path` answer 403 'You have exceeded a secondary rate limit' (retry-after: 1). */
  injectSecondaryRateLimit(path: string | RegExp, count?: number, method?: string): void;
  /** Any other fault (see InjectedFault). */
  injectFault(fault: InjectedFault): void;
  /** The next `count` code exchanges are refused (200 with error bad_verification_code). */
  refuseNextExchange(count?: number): void;
  /** Repositories created from now on answer 409 'Git Repository is empty.' to their first `count` GET ref calls. */
  emptyRefCalls(count: number): void;
  /** Every access token issued so far stops working (401 Bad credentials), as if revoked on github.com. */
  revokeAllTokens(): void;
  /** Access tokens issued so far count as expired (401). */
  expireAllTokens(): void;
  /** The committed files of `fullName`'s main branch: path to bytes. */
  readFiles(fullName: string): Map<string, Buffer>;
  close(): Promise<void>;
}

/** Options of the fake. */
export interface FakeGithubOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  appSlug?: string;
  /** The app's origin: the installation page redirects to `${appUrl}/integrations/github/redirect-handler`. */
  appUrl?: string;
  users?: FakeGithubUser[];
  /** Lifetime of access tokens in seconds (GitHub: 8 hours). */
  accessTokenSeconds?: number;
}

const DEFAULT_USER: FakeGithubUser = {
  id: 4242,
  login: 'octo-sitelift',
  name: 'Octo Sitelift',
  email: 'octo@example.com',
  avatar_url: 'https://avatars.example.com/u/4242',
};

const DOCS = 'https://docs.github.com/rest';
const REPO_NAME = /^[A-Za-z0-9._-]{1,100}$/;

function gitSha(type: string, content: Buffer | string): string {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return createHash('sha1')
    .update(Buffer.concat([Buffer.from(`${type} ${bytes.length}\0`), bytes]))
    .digest('hex');
}

function send(
  response: ServerResponse,
  status: number,
  body: Json | string | null,
  headers: Record<string, string> = {},
) {
  if (typeof body === 'string') {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
    response.end(body);
    return;
  }
  response.writeHead(status, {
    ...(body === null ? {} : { 'content-type': 'application/json; charset=utf-8' }),
    'x-github-request-id': randomBytes(4).toString('hex').toUpperCase(),
    ...headers,
  });
  response.end(body === null ? undefined : JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<Json | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  if ((request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Json) : undefined;
  } catch {
    return { __invalid: true };
  }
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

const SECRET_FIELDS = ['client_secret', 'code', 'refresh_token', 'access_token', 'code_verifier'];

/** GET /user/emails of `user`: its own list, or its public address as the primary, verified one. */
function emailsOf(user: FakeGithubUser): FakeGithubEmail[] {
  if (user.emails) return user.emails;
  return user.email === null
    ? []
    : [{ email: user.email, primary: true, verified: true, visibility: 'public' }];
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

/** The parameters of an authorization request that the account chooser carries through its form. */
const AUTHORIZE_FIELDS = [
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge',
  'code_challenge_method',
];

/** GitHub's error_uri for a refused authorization. */
const ACCESS_DENIED_URI =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#access-denied';

function withoutSecrets(body: Json | undefined): Json | undefined {
  if (!body) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !SECRET_FIELDS.includes(key)));
}

/** Starts the fake on 127.0.0.1 (port 0 by default). */
export async function startFakeGithubServer(
  options: FakeGithubOptions = {},
): Promise<FakeGithubServer> {
  const clientId = options.clientId ?? 'Iv1.fakesitelift0001';
  const clientSecret = options.clientSecret ?? 'fake-github-client-secret';
  const appSlug = options.appSlug ?? 'sitelift-test';
  const accessTokenSeconds = options.accessTokenSeconds ?? 8 * 3600;
  const users = new Map((options.users ?? [DEFAULT_USER]).map((user) => [user.login, user]));
  const repos = new Map<string, FakeRepository>();
  const requests: RecordedGithubRequest[] = [];
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, AccessToken>();
  const refreshTokens = new Map<string, { login: string; used: boolean }>();
  const faults: InjectedFault[] = [];
  let refusals = 0;
  let emptyRefCallsForNewRepos = 0;
  let nextRepoId = 1000;
  const state: FakeGithubServer['state'] = {
    users,
    repos,
    requests,
    refreshCount: 0,
    exchangeCount: 0,
    revokedCount: 0,
    deletedRepos: [],
    issuedSecrets: [],
  };
  let baseUrl = '';

  const issueCode = (
    login = [...users.keys()][0] ?? DEFAULT_USER.login,
    binding: Omit<IssuedCode, 'login'> = {},
  ) => {
    const code = randomBytes(10).toString('hex');
    codes.set(code, { login, ...binding });
    state.issuedSecrets.push(code);
    return code;
  };

  const issueTokens = (login: string) => {
    const accessToken = `ghu_${randomBytes(18).toString('base64url')}`;
    const refreshToken = `ghr_${randomBytes(30).toString('base64url')}`;
    accessTokens.set(accessToken, {
      login,
      expiresAt: Date.now() + accessTokenSeconds * 1000,
      revoked: false,
    });
    refreshTokens.set(refreshToken, { login, used: false });
    state.issuedSecrets.push(accessToken, refreshToken);
    return {
      access_token: accessToken,
      expires_in: accessTokenSeconds,
      refresh_token: refreshToken,
      refresh_token_expires_in: 15_811_200,
      scope: '',
      token_type: 'bearer',
    };
  };

  const oauthError = (error: string, description: string): Json => ({
    error,
    error_description: description,
    error_uri: `https://docs.github.com/apps/troubleshooting#${error}`,
  });

  function authenticate(request: IncomingMessage): string | undefined {
    const header = request.headers.authorization ?? '';
    const match = /^(?:bearer|token)\s+(\S+)$/i.exec(header);
    if (!match?.[1]) return undefined;
    const token = accessTokens.get(match[1]);
    if (!token || token.revoked) return undefined;
    if (token.expiresAt !== null && token.expiresAt <= Date.now()) return undefined;
    return token.login;
  }

  function createRepository(login: string, body: Json): FakeRepository {
    const name = String(body.name);
    const fullName = `${login}/${name}`;
    const repo: FakeRepository = {
      id: nextRepoId++,
      owner: login,
      name,
      full_name: fullName,
      private: body.private !== false,
      description: typeof body.description === 'string' ? body.description : null,
      html_url: `${baseUrl}/${fullName}`,
      emptyRefCallsLeft: emptyRefCallsForNewRepos,
      refs: new Map(),
      blobs: new Map(),
      trees: new Map(),
      commits: new Map(),
    };
    if (body.auto_init === true) {
      const readme = Buffer.from(`# ${name}\n`);
      const blobSha = gitSha('blob', readme);
      repo.blobs.set(blobSha, readme);
      const tree = new Map<string, TreeEntry>([
        ['README.md', { path: 'README.md', mode: '100644', type: 'blob', sha: blobSha }],
      ]);
      const treeSha = gitSha('tree', JSON.stringify([...tree.values()]));
      repo.trees.set(treeSha, tree);
      const commit = { message: 'Initial commit', tree: treeSha, parents: [] };
      const commitSha = gitSha('commit', JSON.stringify({ ...commit, at: randomBytes(4) }));
      repo.commits.set(commitSha, commit);
      repo.refs.set('heads/main', commitSha);
    }
    repos.set(fullName.toLowerCase(), repo);
    return repo;
  }

  function repoJson(repo: FakeRepository): Json {
    return {
      id: repo.id,
      name: repo.name,
      full_name: repo.full_name,
      private: repo.private,
      description: repo.description,
      html_url: repo.html_url,
      default_branch: 'main',
      owner: { login: repo.owner },
    };
  }

  const notFound = { message: 'Not Found', documentation_url: DOCS, status: '404' };

  async function handleApi(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    body: Json | undefined,
    login: string,
  ): Promise<number> {
    const method = request.method ?? 'GET';
    const reply = (status: number, json: Json | null, headers?: Record<string, string>) => {
      send(response, status, json, headers);
      return status;
    };
    const invalid = (message: string) =>
      reply(422, { message, documentation_url: DOCS, status: '422' });

    if (method === 'GET' && path === '/user') {
      const user = users.get(login);
      if (!user) return reply(404, notFound);
      const { emails: _emails, ...profile } = user;
      return reply(200, { ...profile, type: 'User' });
    }
    if (method === 'GET' && path === '/user/emails') {
      const user = users.get(login);
      if (!user) return reply(404, notFound);
      return reply(200, emailsOf(user) as unknown as Json);
    }
    if (method === 'POST' && path === '/user/repos') {
      const name = typeof body?.name === 'string' ? body.name : '';
      if (!REPO_NAME.test(name) || name === '.' || name === '..') {
        return invalid('Repository creation failed.');
      }
      if (repos.has(`${login}/${name}`.toLowerCase())) {
        return reply(422, {
          message: 'Repository creation failed.',
          errors: [
            {
              resource: 'Repository',
              code: 'custom',
              field: 'name',
              message: 'name already exists on this account',
            },
          ],
          documentation_url: DOCS,
          status: '422',
        });
      }
      return reply(201, repoJson(createRepository(login, body ?? {})));
    }
    const repoMatch = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
    if (!repoMatch) return reply(404, notFound);
    const [, owner = '', name = '', rest = ''] = repoMatch;
    const repo = repos.get(`${owner}/${name}`.toLowerCase());
    if (!repo || repo.owner !== login) return reply(404, notFound);

    if (method === 'GET' && rest === '') return reply(200, repoJson(repo));
    if (method === 'DELETE' && rest === '') {
      repos.delete(repo.full_name.toLowerCase());
      state.deletedRepos.push(repo.full_name);
      return reply(204, null);
    }
    const refMatch = /^\/git\/(ref|refs)\/(heads\/[^?]+)$/.exec(rest);
    if (refMatch && method === 'GET' && refMatch[1] === 'ref') {
      if (repo.emptyRefCallsLeft > 0) {
        repo.emptyRefCallsLeft -= 1;
        return reply(409, {
          message: 'Git Repository is empty.',
          documentation_url: DOCS,
          status: '409',
        });
      }
      const sha = repo.refs.get(refMatch[2] ?? '');
      if (!sha) return reply(404, notFound);
      return reply(200, {
        ref: `refs/${refMatch[2]}`,
        object: {
          sha,
          type: 'commit',
          url: `${baseUrl}/repos/${repo.full_name}/git/commits/${sha}`,
        },
      });
    }
    if (refMatch && method === 'PATCH' && refMatch[1] === 'refs') {
      const ref = refMatch[2] ?? '';
      const sha = typeof body?.sha === 'string' ? body.sha : '';
      if (!repo.commits.has(sha)) return invalid('Object does not exist');
      const current = repo.refs.get(ref);
      if (current && body?.force !== true) {
        // Fast-forward only: the current head must be an ancestor of the new commit.
        const seen = new Set<string>();
        const queue = [sha];
        while (queue.length > 0) {
          const next = queue.shift() as string;
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(...(repo.commits.get(next)?.parents ?? []));
        }
        if (!seen.has(current)) return invalid('Update is not a fast forward');
      }
      repo.refs.set(ref, sha);
      return reply(200, { ref: `refs/${ref}`, object: { sha, type: 'commit' } });
    }
    const commitMatch = /^\/git\/commits\/([0-9a-f]{40})$/.exec(rest);
    if (commitMatch && method === 'GET') {
      const sha = commitMatch[1] ?? '';
      const commit = repo.commits.get(sha);
      if (!commit) return reply(404, notFound);
      return reply(200, {
        sha,
        message: commit.message,
        tree: { sha: commit.tree },
        parents: commit.parents.map((parent) => ({ sha: parent })),
      });
    }
    if (method === 'POST' && rest === '/git/blobs') {
      if (typeof body?.content !== 'string')
        return invalid('Invalid request.\n\n"content" wasn\'t supplied.');
      const encoding = body.encoding ?? 'utf-8';
      if (encoding !== 'utf-8' && encoding !== 'base64') return invalid('Invalid request.');
      const bytes =
        encoding === 'base64'
          ? Buffer.from(body.content, 'base64')
          : Buffer.from(body.content, 'utf8');
      const sha = gitSha('blob', bytes);
      repo.blobs.set(sha, bytes);
      return reply(201, { sha, url: `${baseUrl}/repos/${repo.full_name}/git/blobs/${sha}` });
    }
    if (method === 'POST' && rest === '/git/trees') {
      const entries = Array.isArray(body?.tree) ? (body.tree as Json[]) : undefined;
      if (!entries) return invalid('Invalid tree info');
      const base = typeof body?.base_tree === 'string' ? repo.trees.get(body.base_tree) : undefined;
      if (typeof body?.base_tree === 'string' && !base)
        return invalid('base_tree is not a valid tree');
      const tree = new Map(base ?? []);
      for (const entry of entries) {
        const entryPath = String(entry.path ?? '');
        if (!entryPath || entryPath.startsWith('/') || entryPath.split('/').includes('..')) {
          return invalid('tree.path contains a malformed path component');
        }
        if (entry.mode !== '100644' || entry.type !== 'blob') return invalid('Invalid tree info');
        const sha = String(entry.sha ?? '');
        if (!repo.blobs.has(sha)) return invalid('Invalid tree info');
        tree.set(entryPath, { path: entryPath, mode: '100644', type: 'blob', sha });
      }
      const sha = gitSha(
        'tree',
        JSON.stringify([...tree.values()].sort((a, b) => (a.path < b.path ? -1 : 1))),
      );
      repo.trees.set(sha, tree);
      return reply(201, { sha, tree: [...tree.values()], truncated: false });
    }
    if (method === 'POST' && rest === '/git/commits') {
      const tree = typeof body?.tree === 'string' ? body.tree : '';
      const parents = Array.isArray(body?.parents) ? body.parents.map(String) : [];
      const message = typeof body?.message === 'string' ? body.message : '';
      if (
        !repo.trees.has(tree) ||
        parents.some((parent) => !repo.commits.has(parent)) ||
        !message
      ) {
        return invalid('Invalid request.');
      }
      const commit = { message, tree, parents };
      const sha = gitSha('commit', JSON.stringify({ ...commit, at: randomBytes(4) }));
      repo.commits.set(sha, commit);
      return reply(201, {
        sha,
        message,
        tree: { sha: tree },
        parents: parents.map((p) => ({ sha: p })),
      });
    }
    return reply(404, notFound);
  }

  async function handleOAuth(response: ServerResponse, body: Json | undefined): Promise<number> {
    const reply = (json: Json) => {
      send(response, 200, json);
      return 200;
    };
    if (body?.client_id !== clientId || body.client_secret !== clientSecret) {
      return reply(
        oauthError(
          'incorrect_client_credentials',
          'The client_id and/or client_secret passed are incorrect.',
        ),
      );
    }
    if (body.grant_type === 'refresh_token') {
      const record = refreshTokens.get(String(body.refresh_token ?? ''));
      if (!record || record.used) {
        return reply(
          oauthError('bad_refresh_token', 'The refresh token passed is incorrect or expired.'),
        );
      }
      record.used = true;
      state.refreshCount += 1;
      return reply(issueTokens(record.login));
    }
    const code = String(body.code ?? '');
    const issued = codes.get(code);
    if (refusals > 0 || !issued) {
      if (refusals > 0) refusals -= 1;
      return reply(oauthError('bad_verification_code', 'The code passed is incorrect or expired.'));
    }
    // A code is spent by any exchange attempt, right or wrong (GitHub's codes are single use).
    codes.delete(code);
    if (
      issued.redirectUri !== undefined &&
      body.redirect_uri !== undefined &&
      body.redirect_uri !== issued.redirectUri
    ) {
      return reply(
        oauthError(
          'redirect_uri_mismatch',
          'The redirect_uri MUST match the registered callback URL for this application.',
        ),
      );
    }
    if (issued.codeChallenge !== undefined) {
      const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : '';
      const expected =
        issued.codeChallengeMethod === 'plain'
          ? verifier
          : createHash('sha256').update(verifier).digest('base64url');
      if (verifier === '' || expected !== issued.codeChallenge) {
        return reply(
          oauthError('bad_verification_code', 'The code passed is incorrect or expired.'),
        );
      }
    }
    state.exchangeCount += 1;
    return reply(issueTokens(issued.login));
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake-github.local');
      const method = request.method ?? 'GET';
      // Octokit percent-encodes parameters ('heads%2Fmain'); GitHub reads them decoded.
      let decoded = url.pathname;
      try {
        decoded = decodeURIComponent(url.pathname);
      } catch {
        // keep it as sent
      }
      const path = decoded.replace(/^\/api\/v3(?=\/)/, '');
      const query = Object.fromEntries(url.searchParams);
      const body = await readBody(request);
      const record: RecordedGithubRequest = {
        method,
        path,
        query: Object.fromEntries(
          Object.entries(query).filter(([key]) => !SECRET_FIELDS.includes(key)),
        ),
        status: 0,
        login: undefined,
        body:
          path.startsWith('/login/') || path.startsWith('/applications/')
            ? withoutSecrets(body)
            : body,
        apiVersion: headerOf(request, 'x-github-api-version'),
        authScheme: /^(\S+)\s/.exec(request.headers.authorization ?? '')?.[1],
      };
      requests.push(record);

      const fault = faults.find(
        (item) =>
          item.count > 0 &&
          (item.method === undefined || item.method === method) &&
          (typeof item.path === 'string' ? item.path === path : item.path.test(path)),
      );
      if (fault) {
        fault.count -= 1;
        record.status = fault.status;
        send(response, fault.status, fault.body, fault.headers);
        return;
      }

      // Test controls: accounts added or removed by a test in another process.
      if (path === '/_fake/users' && method === 'POST' && body && typeof body.login === 'string') {
        users.set(body.login, body as unknown as FakeGithubUser);
        record.status = 201;
        send(response, 201, { login: body.login });
        return;
      }
      const fakeUserMatch = /^\/_fake\/users\/([^/]+)$/.exec(path);
      if (fakeUserMatch?.[1] && method === 'DELETE') {
        users.delete(fakeUserMatch[1]);
        record.status = 204;
        send(response, 204, null);
        return;
      }

      // The authorization page with more than one account: GitHub's account chooser, as a form that
      // posts back here with the chosen login, or Cancel (access_denied).
      if (path === '/login/oauth/authorize' && (method === 'POST' || users.size > 1)) {
        const params = method === 'POST' ? (body ?? {}) : query;
        if (params.client_id !== clientId) {
          record.status = 404;
          send(response, 404, '<h1>404</h1>');
          return;
        }
        const redirectUri = String(
          params.redirect_uri ??
            `${options.appUrl ?? 'http://localhost:3000'}/auth/github/callback`,
        );
        if (method === 'GET') {
          const hidden = AUTHORIZE_FIELDS.filter((name) => params[name] !== undefined)
            .map(
              (name) =>
                `<input type="hidden" name="${name}" value="${escapeHtml(String(params[name]))}">`,
            )
            .join('');
          const choices = [...users.values()]
            .map(
              (user) =>
                `<button type="submit" name="login" value="${escapeHtml(user.login)}">Continue as ${escapeHtml(user.login)}</button>`,
            )
            .join('');
          record.status = 200;
          send(
            response,
            200,
            `<!doctype html><meta name="viewport" content="width=device-width"><title>Authorize application</title>` +
              `<h1>Select an account to authorize ${escapeHtml(appSlug)}</h1>` +
              `<form method="post" action="/login/oauth/authorize">${hidden}${choices}` +
              `<button type="submit" name="deny" value="1">Cancel</button></form>`,
          );
          return;
        }
        const target = new URL(redirectUri);
        const login = typeof params.login === 'string' ? params.login : '';
        if (params.deny !== undefined || !users.has(login)) {
          target.searchParams.set('error', 'access_denied');
          target.searchParams.set(
            'error_description',
            'The user has denied your application access.',
          );
          target.searchParams.set('error_uri', ACCESS_DENIED_URI);
        } else {
          target.searchParams.set(
            'code',
            issueCode(login, {
              codeChallenge:
                typeof params.code_challenge === 'string' ? params.code_challenge : undefined,
              codeChallengeMethod:
                typeof params.code_challenge_method === 'string'
                  ? params.code_challenge_method
                  : undefined,
              redirectUri:
                typeof params.redirect_uri === 'string' ? params.redirect_uri : undefined,
            }),
          );
        }
        if (params.state !== undefined) target.searchParams.set('state', String(params.state));
        record.status = 302;
        send(response, 302, null, { location: target.toString() });
        return;
      }

      // Web pages: the installation and authorization pages send the browser straight back with a code.
      const installMatch = /^\/apps\/([^/]+)\/installations\/new$/.exec(path);
      if (method === 'GET' && (installMatch || path === '/login/oauth/authorize')) {
        if (installMatch && installMatch[1] !== appSlug) {
          record.status = 404;
          send(response, 404, '<h1>404</h1>');
          return;
        }
        if (path === '/login/oauth/authorize' && query.client_id !== clientId) {
          record.status = 404;
          send(response, 404, '<h1>404</h1>');
          return;
        }
        const target = installMatch
          ? new URL(
              `${options.appUrl ?? 'http://localhost:3000'}/integrations/github/redirect-handler`,
            )
          : new URL(
              query.redirect_uri ??
                `${options.appUrl ?? 'http://localhost:3000'}/auth/github/callback`,
            );
        target.searchParams.set(
          'code',
          installMatch
            ? issueCode()
            : issueCode(undefined, {
                codeChallenge: query.code_challenge,
                codeChallengeMethod: query.code_challenge_method,
                redirectUri: query.redirect_uri,
              }),
        );
        if (installMatch) {
          target.searchParams.set('installation_id', '1');
          target.searchParams.set('setup_action', 'install');
        }
        if (query.state !== undefined) target.searchParams.set('state', query.state);
        record.status = 302;
        send(response, 302, null, { location: target.toString() });
        return;
      }
      if (method === 'POST' && path === '/login/oauth/access_token') {
        record.status = await handleOAuth(response, body);
        return;
      }
      const revokeMatch = /^\/applications\/([^/]+)\/token$/.exec(path);
      if (method === 'DELETE' && revokeMatch) {
        const basic = /^basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
        const [id, secret] = Buffer.from(basic?.[1] ?? '', 'base64')
          .toString('utf8')
          .split(':');
        if (id !== clientId || secret !== clientSecret || revokeMatch[1] !== clientId) {
          record.status = 404;
          send(response, 404, notFound);
          return;
        }
        const token = accessTokens.get(String(body?.access_token ?? ''));
        if (!token) {
          record.status = 404;
          send(response, 404, notFound);
          return;
        }
        token.revoked = true;
        state.revokedCount += 1;
        record.status = 204;
        send(response, 204, null);
        return;
      }

      const login = authenticate(request);
      if (!login) {
        record.status = 401;
        send(response, 401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' });
        return;
      }
      record.login = login;
      record.status = await handleApi(request, response, path, body, login);
    })().catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { message: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    clientId,
    clientSecret,
    appSlug,
    state,
    issueCode,
    injectSecondaryRateLimit(path, count = 1, method) {
      faults.push({
        method,
        path,
        count,
        status: 403,
        body: {
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
          documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
          status: '403',
        },
        headers: { 'retry-after': '1' },
      });
    },
    injectFault(fault) {
      faults.push(fault);
    },
    refuseNextExchange(count = 1) {
      refusals += count;
    },
    emptyRefCalls(count) {
      emptyRefCallsForNewRepos = count;
    },
    revokeAllTokens() {
      for (const token of accessTokens.values()) token.revoked = true;
    },
    expireAllTokens() {
      for (const token of accessTokens.values()) token.expiresAt = Date.now() - 1000;
    },
    readFiles(fullName) {
      const repo = repos.get(fullName.toLowerCase());
      if (!repo) throw new Error(`no repository ${fullName}`);
      const head = repo.refs.get('heads/main');
      const commit = head ? repo.commits.get(head) : undefined;
      const tree = commit ? repo.trees.get(commit.tree) : undefined;
      const files = new Map<string, Buffer>();
      for (const entry of tree?.values() ?? []) {
        files.set(entry.path, repo.blobs.get(entry.sha) ?? Buffer.alloc(0));
      }
      return files;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

// CLI for end-to-end runs: --port N (default 4010) --app-url <app origin> --slug --client-id --client-secret.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const argument = (name: string) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const fake = await startFakeGithubServer({
    port: Number(argument('port') ?? 4010),
    appUrl: argument('app-url'),
    appSlug: argument('slug'),
    clientId: argument('client-id'),
    clientSecret: argument('client-secret'),
  });
  process.stdout.write(
    `${JSON.stringify({
      url: fake.url,
      GITHUB_API_URL: fake.url,
      GITHUB_WEB_URL: fake.url,
      GITHUB_APP_SLUG: fake.appSlug,
      GITHUB_CLIENT_ID: fake.clientId,
      GITHUB_CLIENT_SECRET: fake.clientSecret,
      GITHUB_WRITE_INTERVAL_MS: '0',
    })}\n`,
  );
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
