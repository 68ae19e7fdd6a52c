import type { Readable } from 'node:stream';
import type { DeployResult } from '@sitelift/shared/api/github';
import { AppError } from '@sitelift/shared/error-codes';
import { DEPLOY_MESSAGES } from '@sitelift/shared/messages';
import { unzipSync } from 'fflate';
import { ARTIFACT_NAMES } from '../artifacts/artifact-store';
import {
  findProjectRepoFullName,
  setProjectGithubRepo,
  deactivateGithubToken,
} from '../db/github.repository';
import { findProjectForUser } from '../db/projects.repository';
import { toProjectJson } from '../services/project-json';
import {
  describeGithubFailure,
  githubStatus,
  toGithubApiError,
  type GithubOctokit,
} from './github-client';
import { clientForUser, type GithubDeps } from './github.service';

/** The message of the one commit a deploy makes (spec §4 'Repository deployment'). */
export const DEPLOY_COMMIT_MESSAGE = 'Initial modernization commit';
/** The branch the commit goes to (spec §9). */
export const DEPLOY_BRANCH = 'main';
/** Blobs uploaded at the same time. */
export const BLOB_CONCURRENCY = 4;
/** Longest repository description GitHub accepts. */
export const MAX_DESCRIPTION_LENGTH = 350;

/** A file of the rebuilt site: its path in the repository and its bytes. */
export interface DeployFile {
  path: string;
  bytes: Uint8Array;
}

/**
 * The repository name (spec §7): the project name lower-cased, whitespace to '-', then '-modernized-' and
 * the last 6 digits of the current time; characters GitHub does not allow ([A-Za-z0-9._-]) become '-'.
 */
export function repositoryNameFor(projectName: string, now = Date.now()): string {
  const base = projectName
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9._-]/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  const suffix = `-modernized-${String(now).slice(-6).padStart(6, '0')}`;
  // GitHub allows 100 characters; an empty base ('!!!') still gives a valid name.
  return `${(base || 'site').slice(0, 100 - suffix.length)}${suffix}`;
}

/** The files of the project's zip without its one root folder (the engine's archiveFolder); folders skipped. */
export function filesOfZip(zip: Uint8Array): DeployFile[] {
  const entries = Object.entries(unzipSync(zip)).filter(([name]) => !name.endsWith('/'));
  const roots = new Set(entries.map(([name]) => name.split('/')[0]));
  const [root] = roots;
  const strip =
    roots.size === 1 && root !== undefined && entries.every(([name]) => name.startsWith(`${root}/`))
      ? root.length + 1
      : 0;
  return entries
    .map(([name, bytes]) => ({ path: name.slice(strip), bytes }))
    .filter(
      (file) =>
        file.path !== '' &&
        !file.path.startsWith('/') &&
        file.path
          .split('/')
          .every((part) => part !== '' && part !== '.' && part !== '..' && part !== '.git'),
    );
}

/** True when the bytes are text: valid UTF-8 without NUL characters (those go as utf-8 blobs). */
export function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function mapLimited<T, R>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The head commit of main. Right after creation GitHub may answer 409 'Git Repository is empty.' or 404
 * while it writes the first commit: asked again a few times with a short backoff.
 */
async function readMainHead(octokit: GithubOctokit, owner: string, repo: string): Promise<string> {
  const attempts = 5;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { data } = await octokit.rest.git.getRef({
        owner,
        repo,
        ref: `heads/${DEPLOY_BRANCH}`,
      });
      return data.object.sha;
    } catch (error) {
      const status = githubStatus(error);
      if ((status !== 409 && status !== 404) || attempt >= attempts) throw error;
      await delay(200 * 2 ** (attempt - 1));
    }
  }
}

/** Spec §4 'Commit flow': head of main, a blob per file, a tree on the head's tree, the commit, the ref. */
async function commitFiles(
  octokit: GithubOctokit,
  owner: string,
  repo: string,
  files: DeployFile[],
  headSha: string,
): Promise<string> {
  const { data: head } = await octokit.rest.git.getCommit({ owner, repo, commit_sha: headSha });
  const blobs = await mapLimited(files, BLOB_CONCURRENCY, async (file) => {
    const text = isText(file.bytes);
    const { data } = await octokit.rest.git.createBlob({
      owner,
      repo,
      content: text
        ? Buffer.from(file.bytes).toString('utf8')
        : Buffer.from(file.bytes).toString('base64'),
      encoding: text ? 'utf-8' : 'base64',
    });
    return { path: file.path, sha: data.sha };
  });
  const { data: tree } = await octokit.rest.git.createTree({
    owner,
    repo,
    base_tree: head.tree.sha,
    tree: blobs.map((blob) => ({
      path: blob.path,
      sha: blob.sha,
      mode: '100644' as const,
      type: 'blob' as const,
    })),
  });
  const { data: commit } = await octokit.rest.git.createCommit({
    owner,
    repo,
    message: DEPLOY_COMMIT_MESSAGE,
    tree: tree.sha,
    parents: [headSha],
  });
  await octokit.rest.git.updateRef({ owner, repo, ref: `heads/${DEPLOY_BRANCH}`, sha: commit.sha });
  return commit.sha;
}

/** The repository a previous deploy created, when it still exists (404: gone, a new one is made). */
async function findPreviousRepository(octokit: GithubOctokit, fullName: string) {
  const [owner, repo] = fullName.split('/');
  if (!owner || !repo) return undefined;
  try {
    const { data } = await octokit.rest.repos.get({ owner, repo });
    return data;
  } catch (error) {
    if (githubStatus(error) === 404) return undefined;
    throw error;
  }
}

/**
 * POST /api/projects/:id/deploy: creates a repository (private unless `isPublic`), commits every file of
 * the project's zip in one commit on main and saves the repository's URL on the project. A deploy that
 * failed half-way is retried into the repository it created (its name is stored right after creation);
 * when that repository's main already has the deploy's commit, only the link is saved. Deploying a
 * project whose link is saved creates a new repository.
 */
export async function deployProject(
  deps: GithubDeps,
  userId: string,
  projectId: string,
  options: { isPublic: boolean },
): Promise<DeployResult> {
  // Ownership first: a deploy in flight must never answer someone else's request (issue 22).
  if (!(await findProjectForUser(deps.db, userId, projectId))) {
    throw new AppError('API_PROJECT_NOT_FOUND');
  }
  // Two deploys of one project by its owner at once (a double click) are one: the second waits for
  // the first and answers its repository.
  const key = `${userId}:${projectId}`;
  const running = deploying.get(key);
  if (running) return running;
  const run = deployOnce(deps, userId, projectId, options);
  deploying.set(key, run);
  try {
    return await run;
  } finally {
    if (deploying.get(key) === run) deploying.delete(key);
  }
}

/** Deploys in flight in this process, by user and project. */
const deploying = new Map<string, Promise<DeployResult>>();

/**
 * Deletes a repository this deploy created and could not fill, so that a failure leaves nothing
 * behind on the user's account; then forgets its name (the next deploy makes a new one). True when it
 * is gone. When GitHub refuses (the app may lack the permission), the name stays remembered and the
 * next deploy fills that repository instead.
 */
async function deleteEmptyRepository(
  deps: GithubDeps,
  octokit: GithubOctokit,
  userId: string,
  projectId: string,
  repository: { owner: { login: string }; name: string },
): Promise<boolean> {
  try {
    await octokit.rest.repos.delete({ owner: repository.owner.login, repo: repository.name });
  } catch (error) {
    const failure = describeGithubFailure(error);
    deps.logger.warn(
      { github: true, status: failure.status, message: failure.message, projectId },
      'the empty repository of a failed deploy could not be deleted',
    );
    return false;
  }
  await setProjectGithubRepo(deps.db, userId, projectId, { githubRepoFullName: null }).catch(
    (error: unknown) =>
      deps.logger.error({ err: error, projectId }, 'forgetting a deleted repository failed'),
  );
  return true;
}

async function deployOnce(
  deps: GithubDeps,
  userId: string,
  projectId: string,
  options: { isPublic: boolean },
): Promise<DeployResult> {
  if (!deps.config) throw new AppError('API_GITHUB_NOT_CONFIGURED');
  const project = await findProjectForUser(deps.db, userId, projectId);
  if (!project) throw new AppError('API_PROJECT_NOT_FOUND');
  if (project.status !== 'completed') throw new AppError('API_GITHUB_PROJECT_NOT_READY');
  const opened = await deps.artifacts.open(project.id, ARTIFACT_NAMES.zip);
  if (!opened) throw new AppError('API_GITHUB_PROJECT_NOT_READY');
  let files: DeployFile[];
  try {
    files = filesOfZip(await readAll(opened.stream));
  } catch (error) {
    deps.logger.error({ err: error, projectId }, 'the project zip could not be read');
    throw new AppError('API_GITHUB_PROJECT_NOT_READY', {
      message: 'The generated code of this project could not be read. Run the project again.',
    });
  }
  if (files.length === 0) throw new AppError('API_GITHUB_PROJECT_NOT_READY');

  const octokit = await clientForUser(deps, userId);
  let htmlUrl: string;
  /** The repository this attempt created, until its commit is in. */
  let created: { owner: { login: string }; name: string } | undefined;
  try {
    // A repository remembered without a saved link is a half-failed deploy: retried into it. A project
    // whose deploy finished (its link saved) gets a new repository, as the deploy dialog says, so a
    // re-run project's new files are published rather than the first deploy's link returned again.
    const previousName = project.githubRepoUrl
      ? undefined
      : await findProjectRepoFullName(deps.db, userId, projectId);
    let repository = previousName ? await findPreviousRepository(octokit, previousName) : undefined;
    let alreadyCommitted = false;
    if (repository) {
      const headSha = await readMainHead(octokit, repository.owner.login, repository.name).catch(
        () => undefined,
      );
      if (headSha) {
        const { data: head } = await octokit.rest.git.getCommit({
          owner: repository.owner.login,
          repo: repository.name,
          commit_sha: headSha,
        });
        alreadyCommitted = head.message === DEPLOY_COMMIT_MESSAGE;
      }
    } else {
      const description = (project.description ?? '').trim().slice(0, MAX_DESCRIPTION_LENGTH);
      const { data } = await octokit.rest.repos.createForAuthenticatedUser({
        name: repositoryNameFor(project.name),
        ...(description ? { description } : {}),
        private: !options.isPublic,
        auto_init: true,
      });
      repository = data;
      created = data;
      try {
        await setProjectGithubRepo(deps.db, userId, projectId, {
          githubRepoFullName: data.full_name,
        });
      } catch (error) {
        deps.logger.error({ err: error, projectId }, 'saving the new repository failed');
        throw new AppError('API_GITHUB_LINK_NOT_SAVED');
      }
    }
    if (!alreadyCommitted) {
      const owner = repository.owner.login;
      const headSha = await readMainHead(octokit, owner, repository.name);
      await commitFiles(octokit, owner, repository.name, files, headSha);
    }
    htmlUrl = repository.html_url;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (githubStatus(error) === 401) {
      // The token was revoked on GitHub: the connection is over, the panel offers to connect again.
      await deactivateGithubToken(deps.db, userId).catch(() => {});
    }
    const answer = toGithubApiError(error, deps.logger, 'deploy');
    if (created && (await deleteEmptyRepository(deps, octokit, userId, projectId, created))) {
      throw new AppError('API_GITHUB_API_ERROR', {
        message: `${answer.message.replace(/\.$/, '')}. ${DEPLOY_MESSAGES.emptyRepositoryDeleted}`,
      });
    }
    throw answer;
  }
  try {
    const saved = await setProjectGithubRepo(deps.db, userId, projectId, {
      githubRepoUrl: htmlUrl,
    });
    const updated = saved ? await findProjectForUser(deps.db, userId, projectId) : null;
    if (!updated) throw new Error('the project is gone');
    return { github_repo_url: htmlUrl, project: toProjectJson(updated) };
  } catch (error) {
    deps.logger.error({ err: error, projectId }, 'saving the repository link failed');
    throw new AppError('API_GITHUB_LINK_NOT_SAVED');
  }
}
