import { createHash, randomBytes, webcrypto } from 'node:crypto';

/**
 * A software authenticator for tests: it makes real WebAuthn answers with node's WebCrypto (an
 * ES256 key pair per credential, `none` attestation, authenticator data with its flags and counter,
 * client data with the challenge and origin), so registration and sign-in go through the library's
 * real verification. Every field a browser or authenticator fills in can be overridden, to make the
 * answers an attacker would send.
 */

/** Options as @simplewebauthn/server makes them (only what the authenticator reads). */
interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

interface Credential {
  id: string;
  keys: webcrypto.CryptoKeyPair;
  rpId: string;
  userHandle: string;
  counter: number;
}

/** Flags of the authenticator data (WebAuthn §6.1). */
const FLAG = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** The few CBOR items WebAuthn needs: unsigned and negative integers, byte and text strings, maps. */
type CborValue = number | string | Uint8Array | Map<number | string, CborValue>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const head = Buffer.alloc(3);
    head[0] = (major << 5) | 25;
    head.writeUInt16BE(length, 1);
    return head;
  }
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

export function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), Buffer.from(value)]);
  const parts = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

/** An ECDSA signature as WebCrypto gives it (r‖s) in the ASN.1 DER form WebAuthn uses. */
function derSignature(raw: Uint8Array): Buffer {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
    let body = Buffer.from(bytes.subarray(start));
    if ((body[0] ?? 0) & 0x80) body = Buffer.concat([Buffer.from([0]), body]);
    return Buffer.concat([Buffer.from([0x02, body.length]), body]);
  };
  const sequence = Buffer.concat([integer(raw.subarray(0, 32)), integer(raw.subarray(32))]);
  return Buffer.concat([Buffer.from([0x30, sequence.length]), sequence]);
}

export interface AuthenticatorSettings {
  /** The origin the "browser" puts into the client data. */
  origin: string;
  /** The AAGUID of the authenticator model (all zeros: not said). */
  aaguid?: string;
  /** Whether credentials are synced by a password manager (backup eligible and backed up). */
  isSynced?: boolean;
}

export class VirtualAuthenticator {
  readonly credentials = new Map<string, Credential>();
  constructor(readonly settings: AuthenticatorSettings) {}

  private flags(options: { userVerified: boolean; attested: boolean }): number {
    let flags = FLAG.up;
    if (options.userVerified) flags |= FLAG.uv;
    if (this.settings.isSynced) flags |= FLAG.be | FLAG.bs;
    if (options.attested) flags |= FLAG.at;
    return flags;
  }

  private clientData(type: string, challenge: string, origin?: string): Buffer {
    const data = { type, challenge, origin: origin ?? this.settings.origin, crossOrigin: false };
    return Buffer.from(JSON.stringify(data), 'utf8');
  }

  /** Makes a credential for the options, as `navigator.credentials.create()` would. */
  async register(
    options: CreationOptions,
    override: { origin?: string; rpId?: string; challenge?: string; userVerified?: boolean } = {},
  ) {
    const rpId = override.rpId ?? options.rp.id ?? new URL(this.settings.origin).hostname;
    const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ]);
    const jwk = await webcrypto.subtle.exportKey('jwk', keys.publicKey);
    const coseKey = cbor(
      new Map<number, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const counter = Buffer.alloc(4);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const aaguid = Buffer.from(
      (this.settings.aaguid ?? '00000000-0000-0000-0000-000000000000').replace(/-/g, ''),
      'hex',
    );
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags({ userVerified: override.userVerified ?? true, attested: true })]),
      counter,
      aaguid,
      idLength,
      id,
      coseKey,
    ]);
    const attestationObject = cbor(
      new Map<string, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const credential = { id: b64url(id), keys, rpId, userHandle: options.user.id, counter: 0 };
    this.credentials.set(credential.id, credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(
          this.clientData('webauthn.create', override.challenge ?? options.challenge, override.origin),
        ),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const, 'hybrid' as const],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: { credProps: { rk: true } },
    };
  }

  /**
   * Signs the options' challenge with a credential, as `navigator.credentials.get()` would: the one
   * named, else the first allowed, else the only one held. The counter moves on by one unless set.
   */
  async authenticate(
    options: RequestOptions,
    override: {
      credentialId?: string;
      origin?: string;
      rpId?: string;
      counter?: number;
      userHandle?: string | null;
      userVerified?: boolean;
    } = {},
  ) {
    const id =
      override.credentialId ?? options.allowCredentials?.[0]?.id ?? [...this.credentials.keys()][0] ?? '';
    const credential = this.credentials.get(id);
    if (!credential) throw new Error(`the virtual authenticator holds no credential ${id}`);
    credential.counter = override.counter ?? credential.counter + 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([
      sha256(override.rpId ?? options.rpId ?? credential.rpId),
      Buffer.from([this.flags({ userVerified: override.userVerified ?? true, attested: false })]),
      counter,
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, override.origin);
    const signed = await webcrypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      credential.keys.privateKey,
      Buffer.concat([authData, sha256(clientDataJSON)]),
    );
    const userHandle = override.userHandle === undefined ? credential.userHandle : override.userHandle;
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(derSignature(new Uint8Array(signed))),
        ...(userHandle === null ? {} : { userHandle }),
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
