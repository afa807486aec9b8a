import 'server-only';
import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A sandbox id in Mollie's style: `tr_sbx_…`, `cst_sbx_…`, `mdt_sbx_…`, `re_sbx_…`, `chb_sbx_…`. */
export function sandboxId(prefix: 'tr' | 'cst' | 'mdt' | 're' | 'chb'): string {
  let random = '';
  for (let i = 0; i < 16; i += 1) random += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}_sbx_${random}`;
}

export const isSandboxPaymentId = (id: string) => /^tr_sbx_[A-Za-z0-9]{6,40}$/.test(id);
