// An HTTPS front with HTTP/2 before the app, as a deployment has one (a reverse proxy or CDN ends TLS
// and speaks HTTP/2 to browsers; the Node process speaks HTTP/1.1 behind it). The web benchmark
// measures landers through it, so their figures are those of a visitor, not of one browser
// connection per photo to a bare HTTP/1.1 server. Its certificate is made for the run (openssl) and
// trusted by the benchmark's browser only (--ignore-certificate-errors).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';

/** HTTP/1.1 headers that have no place in an HTTP/2 answer. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/** Starts the front for `origin` (http://host:port); resolves to its origin and a stop function. */
export async function startHttpsFront(origin) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-front-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const upstream = new URL(origin);
  const server = http2.createSecureServer({
    key: fs.readFileSync(key),
    cert: fs.readFileSync(cert),
    allowHTTP1: true,
  });
  server.on('request', (req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(':')) headers[name] = value;
    headers.host = upstream.host;
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        const out = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (!HOP_BY_HOP.has(name)) out[name] = value;
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.headersSent || (res.writeHead(502), res.end()));
    req.pipe(forward);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    origin: `https://127.0.0.1:${port}`,
    stop: () => {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
