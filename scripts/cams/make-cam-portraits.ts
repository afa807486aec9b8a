// Writes the portraits of the promoted-cam catalogue shipped with the app (public/cams/<id>.svg):
// the demo members' illustrated style (scripts/demo/portraits.ts), from characters of their own
// that no demo member has (the members' pool stops at a few hundred). Run after changing the
// catalogue (lib/server/cams/catalogue-cams.ts):
//   node scripts/build-server.mjs scripts/cams/make-cam-portraits.ts && node dist/make-cam-portraits.js
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CATALOGUE_CAMS } from '@/lib/server/cams/catalogue-cams';
import { portraitCharacter, portraitSvg } from '@/scripts/demo/portraits';

const outDir = path.resolve('public/cams');
await mkdir(outDir, { recursive: true });
for (const cam of CATALOGUE_CAMS) {
  const svg = portraitSvg(portraitCharacter(cam.portrait), 1);
  await writeFile(path.join(outDir, `${cam.id}.svg`), `${svg}\n`);
}
console.log(`${CATALOGUE_CAMS.length} portraits written to ${path.relative(process.cwd(), outDir)}`);
