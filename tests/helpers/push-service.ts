// A push service on this machine for the push tests: it takes what the app posts as a browser's push
// service would (RFC 8030), checks the VAPID signature (RFC 8292), and the browser side decrypts the
// message (RFC 8291, aes128gcm) as a browser would — nothing leaves the machine.
import { spawnSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** One message as the push service received it. */
export interface ReceivedPush {
  /** Which browser it is for (the last part of the endpoint). */
  browser: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** A self-signed certificate for localhost (the app posts to https push services only). */
function localhostCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-service-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost',
  ]);
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${String(made.stderr)}`);
  const pair = { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8') };
  fs.rmSync(dir, { recursive: true, force: true });
  return pair;
}

/**
 * Starts the push service on a free port. `answer(browser)` chooses the status it answers a message
 * for that browser with (201 unless a test says otherwise: 404 and 410 mean the subscription is gone).
 */
export async function startPushService() {
  const { key, cert } = localhostCertificate();
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const browser = (req.url ?? '').split('/').pop() ?? '';
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
      );
      received.push({ browser, headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.get(browser) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://localhost:${port}`;
  let count = 0;
  return {
    origin,
    received,
    /** The HTTPS agent the app posts with: it trusts this service's certificate. */
    agent: new https.Agent({ ca: cert }),
    /** Makes the service answer messages for a browser with this status from now on. */
    answerWith: (browser: string, status: number) => answers.set(browser, status),
    /** A browser subscribed at this service: its subscription JSON and its private keys. */
    newBrowser: () => newBrowser(`${origin}/push/browser-${process.pid}-${(count += 1)}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: the key pair and the auth secret it subscribed with. */
export interface TestBrowser {
  id: string;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  authSecret: Buffer;
}

function newBrowser(endpoint: string): TestBrowser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    id: endpoint.split('/').pop() ?? '',
    subscription: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    },
    ecdh,
    authSecret,
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm push message with the browser's private key and auth secret (RFC 8291). */
export function decryptPush(browser: TestBrowser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('a push message in several records');
  const ecdhSecret = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.ecdh.getPublicKey(),
    senderKey,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(browser.authSecret, ecdhSecret), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the push message does not end with the last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** The claims of the VAPID token of a push, after checking its ES256 signature against `publicKey`. */
export function verifyVapid(
  headers: Record<string, string>,
  publicKey: string,
): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(headers.authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no VAPID authorization: ${headers.authorization}`);
  if (match[2] !== publicKey) throw new Error('the VAPID key is not the site’s public key');
  const [head = '', claims = '', signature = ''] = match[1].split('.');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const isValid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isValid) throw new Error('the VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}
