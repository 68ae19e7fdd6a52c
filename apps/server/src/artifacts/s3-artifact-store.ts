import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { isSafeArtifactName, PROJECT_ID, type ArtifactStore } from './artifact-store';

/** S3-compatible storage settings (S3_*). */
export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

function isNotFound(error: unknown): boolean {
  const named = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    named.name === 'NoSuchKey' ||
    named.name === 'NotFound' ||
    named.$metadata?.httpStatusCode === 404
  );
}

/**
 * Artifacts in an S3-compatible bucket (the official AWS SDK): object keys `<projectId>/<name>`.
 * Replacing a project's artifacts deletes the old objects first, then uploads the new ones.
 */
export function createS3ArtifactStore(settings: S3Settings): ArtifactStore {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  });
  const Bucket = settings.bucket;
  const keyOf = (projectId: string, name: string): string | undefined => {
    if (!PROJECT_ID.test(projectId)) throw new Error(`not a project id: ${projectId}`);
    return isSafeArtifactName(name) ? `${projectId}/${name}` : undefined;
  };

  const deleteProject = async (projectId: string) => {
    if (!PROJECT_ID.test(projectId)) throw new Error(`not a project id: ${projectId}`);
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: `${projectId}/`, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
      if (keys.length > 0) {
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  };

  return {
    kind: 's3',
    async replaceProjectArtifacts(projectId, files) {
      for (const name of files.keys()) {
        if (!keyOf(projectId, name)) throw new Error(`bad artifact name ${name}`);
      }
      await deleteProject(projectId);
      const entries = [...files];
      // A few uploads at a time.
      for (let index = 0; index < entries.length; index += 8) {
        await Promise.all(
          entries
            .slice(index, index + 8)
            .map(([name, bytes]) =>
              client.send(
                new PutObjectCommand({ Bucket, Key: keyOf(projectId, name), Body: bytes }),
              ),
            ),
        );
      }
    },
    async open(projectId, name) {
      const Key = keyOf(projectId, name);
      if (!Key) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!object.Body) return null;
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async exists(projectId, name) {
      const Key = keyOf(projectId, name);
      if (!Key) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async list(projectId, prefix) {
      if (!PROJECT_ID.test(projectId)) throw new Error(`not a project id: ${projectId}`);
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: `${projectId}/${prefix}`,
            ContinuationToken: token,
          }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key) names.push(item.Key.slice(projectId.length + 1));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names;
    },
    deleteProject,
  };
}
