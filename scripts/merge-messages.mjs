// Merges message fragments (.tmp/fragments/<part>/<locale>.json) into messages/<locale>.json.
import fs from 'node:fs';
import path from 'node:path';

const locales = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'];
const parts = process.argv.slice(2);
const deepMerge = (a, b) => {
  for (const [k, v] of Object.entries(b)) {
    a[k] =
      v && typeof v === 'object' && !Array.isArray(v) && a[k] && typeof a[k] === 'object'
        ? deepMerge(a[k], v)
        : v;
  }
  return a;
};
for (const locale of locales) {
  const file = path.join('messages', `${locale}.json`);
  let messages = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  for (const part of parts) {
    const fragment = path.join('.tmp/fragments', part, `${locale}.json`);
    messages = deepMerge(messages, JSON.parse(fs.readFileSync(fragment, 'utf8')));
  }
  fs.writeFileSync(file, JSON.stringify(messages, null, 2) + '\n');
}
console.log(`merged ${parts.join(', ')} into ${locales.length} locales`);
