#!/usr/bin/env node
// Data export benchmark (npm run bench:data-export): how long a member waits for the copy of their
// data. Against the built app on a fresh embedded database: a member with 3 photos and a conversation
// of --messages messages (half sent, half received) asks for the copy in /settings; measured from the
// request to "ready" (the job builds the ZIP in the background), then the download. Each of --runs
// rounds uses a new member. Target (issue: "ready within a minute for a typical member"): ≤ 60 s.
// A report, not a test.
//
//   node bench/data-export.mjs                      3 rounds, 400 messages
//   node bench/data-export.mjs --messages 2000 --runs 1
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { unzipSync } from 'fflate';
import { freePort, HOST, log, ROOT, run, start, stopAll, tempDirs, waitForHttp } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '400' },
    runs: { type: 'string', default: '3' },
  },
});
const MESSAGES = Number(args.messages);
const RUNS = Number(args.runs);
const PHOTOS = 3;

if (!fs.existsSync(path.join(ROOT, '.next/BUILD_ID')) || !fs.existsSync(path.join(ROOT, 'dist/server.js'))) {
  log('no build: run `npm run build` first (the job worker runs in the full server)');
  process.exit(1);
}

/** A member's browser: cookies kept between calls, the site's origin on every change. */
function browser(base) {
  const jar = new Map();
  const call = async (method, url, body) => {
    const headers = {
      origin: base,
      'accept-language': 'en',
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    const init = { method, headers, redirect: 'manual' };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const res = await fetch(new URL(url, base), init);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  return {
    get: (url) => call('GET', url),
    post: (url, body) => call('POST', url, body),
  };
}

async function json(res, what) {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res.json();
}

let serial = 0;
async function confirmedMember(base, gender) {
  const member = browser(base);
  serial += 1;
  const tag = `${Date.now().toString(36)}${serial}`;
  const email = `export-${tag}@example.test`;
  await json(
    await member.post('/api/signup.php', {
      email,
      name: `export_${tag}`,
      date_of_birth: '1990-05-17',
      password: 'a long and unusual passphrase',
      gender,
      language: 'en',
    }),
    'signup',
  );
  const { mails } = await json(
    await member.get(`/api/dev/outbox.php?to=${encodeURIComponent(email)}`),
    'outbox',
  );
  const link = mails.find((m) => m.kind === 'activation').links.find((l) => /token=/.test(l));
  await member.get(link.replace(/^https?:\/\/[^/]+/, ''));
  const { id } = await json(await member.get('/api/profile.php'), 'profile');
  return { ...member, id };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function main() {
  const work = fs.mkdtempSync(path.join(ROOT, '.tmp/bench-export-'));
  tempDirs.add(work);
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const env = {
    DATA_DIR: path.join(work, 'data'),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST,
    SMTP_URL: '',
    MAIL_OUTBOX_VIEW: '1',
    RATE_LIMIT_SIGNUPS_PER_HOUR: '100000',
    CHAT_MESSAGES_PER_MINUTE: '1000000',
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
    RATE_LIMIT_MEMBER_READS_PER_MINUTE: '1000000',
  };
  delete process.env.DATABASE_URL;
  log('preparing a fresh embedded database…');
  await run('migrate', process.execPath, ['dist/db.js', 'migrate'], {
    env,
    logFile: path.join(work, 'migrate.log'),
  });
  await run(
    'site',
    process.execPath,
    ['dist/db.js', 'site', '--domain', HOST, '--entry-warning', 'off', '--signup-credits', '100000'],
    { env, logFile: path.join(work, 'site.log') },
  );
  const server = start('server', process.execPath, ['dist/server.js'], {
    env,
    logFile: path.join(work, 'server.log'),
  });
  await waitForHttp(server, `${base}/api/settings.php`, 120_000);

  // Noise, so the photo weighs what a camera's does after the app re-encodes it (a few hundred KB).
  const photo = await sharp({
    create: { width: 1200, height: 1600, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const rounds = [];
  for (let round = 1; round <= RUNS; round += 1) {
    const member = await confirmedMember(base, 'female');
    const other = await confirmedMember(base, 'male');
    for (let i = 0; i < PHOTOS; i += 1) {
      const form = new FormData();
      form.append('photo', new Blob([photo], { type: 'image/jpeg' }), `photo-${i}.jpg`);
      await json(await member.post('/api/photo.php', form), 'photo');
    }
    for (let i = 0; i < MESSAGES; i += 1) {
      const [from, to] = i % 2 === 0 ? [member, other] : [other, member];
      await json(
        await from.post('/api/chat.php', {
          kind: 'text',
          member: to.id,
          client_key: `bench-${round}-${i}-${Math.random().toString(36).slice(2)}`,
          text: `Message ${i + 1}: how was your day? Mine was long but the evening is lovely.`,
        }),
        'chat',
      );
    }

    const asked = performance.now();
    await json(await member.post('/api/data-export.php'), 'request export');
    let state;
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await json(await member.get('/api/data-export.php'), 'export state');
      if (state.status === 'failed') throw new Error('the export failed; see the server log');
    } while (state.status !== 'ready' && performance.now() - asked < 300_000);
    const ready = performance.now() - asked;
    const { url } = await json(await member.post('/api/data-export-link.php'), 'link');
    const downloadStart = performance.now();
    const res = await member.get(url.replace(/^https?:\/\/[^/]+/, ''));
    const bytes = new Uint8Array(await res.arrayBuffer());
    const download = performance.now() - downloadStart;
    const files = Object.keys(unzipSync(bytes));
    const photos = files.filter((f) => f.endsWith('.jpg')).length;
    rounds.push({ ready, download, bytes: bytes.length, files: files.length, photos });
    log(
      `round ${round}: ready after ${(ready / 1000).toFixed(2)} s, download ${download.toFixed(0)} ms, ` +
        `${(bytes.length / 1024).toFixed(0)} KiB, ${files.length} files (${photos} photos)`,
    );
  }

  const readies = rounds.map((r) => r.ready);
  const target = 60_000;
  console.log(
    `\ndata export: a member with ${PHOTOS} photos and ${MESSAGES} messages, ${RUNS} rounds (PGlite)`,
  );
  console.log(
    `  ready after       median ${(percentile(readies, 50) / 1000).toFixed(2)} s, worst ${(Math.max(...readies) / 1000).toFixed(2)} s (target ≤ 60 s: ${Math.max(...readies) <= target ? 'met' : 'MISSED'})`,
  );
  console.log(
    `  download          median ${percentile(
      rounds.map((r) => r.download),
      50,
    ).toFixed(0)} ms`,
  );
  console.log(
    `  ZIP               ${(rounds[0].bytes / 1024).toFixed(0)} KiB, ${rounds[0].files} files, ${rounds[0].photos} photos`,
  );
}

try {
  await main();
} finally {
  await stopAll();
}
