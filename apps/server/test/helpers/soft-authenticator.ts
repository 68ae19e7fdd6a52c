import {
  createHash,
  createSign,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A software WebAuthn authenticator for tests: ES256 keys, "none" attestation, user present and
// verified. It answers the options our server sends the way a browser's navigator.credentials would
// (in @simplewebauthn/browser's JSON encoding).

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) =>
  new Uint8Array(createHash('sha256').update(data).digest());
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return new Uint8Array(bytes);
};

interface StoredCredential {
  id: string;
  privateKey: KeyObject;
  counter: number;
  rpId: string;
  userHandle: string;
}

export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class SoftAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(readonly origin: string) {}

  /** Makes a new credential for the options (navigator.credentials.create). */
  register(options: CreationOptions) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credentialId = new Uint8Array(randomBytes(16));
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
    const credentialIdLength = new Uint8Array([
      credentialId.length >> 8,
      credentialId.length & 255,
    ]);
    const authData = concat(
      sha256(rpId),
      new Uint8Array([0x01 | 0x04 | 0x40]),
      u32(0),
      new Uint8Array(16),
      credentialIdLength,
      credentialId,
      coseKey,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: this.origin,
      crossOrigin: false,
    });
    const id = b64url(credentialId);
    this.credentials.push({ id, privateKey, counter: 0, rpId, userHandle: options.user.id });
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Signs the options' challenge with an allowed credential, or the first for the RP (get). */
  authenticate(options: RequestOptions) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = options.allowCredentials?.map((item) => item.id);
    const credential = this.credentials.find(
      (item) => item.rpId === rpId && (!allowed?.length || allowed.includes(item.id)),
    );
    if (!credential) throw new Error('NotAllowedError: no credential for these options');
    credential.counter += 1;
    const authData = concat(sha256(rpId), new Uint8Array([0x01 | 0x04]), u32(credential.counter));
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: this.origin,
        crossOrigin: false,
      }),
    );
    const signature = createSign('sha256')
      .update(concat(authData, sha256(clientDataJSON)))
      .sign(credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
