import type { SignupInput } from '@/lib/shared/schemas/auth';
import { uniqueTag } from './unique';

/** The password of every member the tests sign up. */
export const PASSWORD = 'a long and unusual passphrase';

export interface BuildSignupOptions extends Partial<SignupInput> {
  /** Starts the e-mail address and the username, to tell members of one test apart. */
  prefix?: string;
}

/** A valid signup (the body of `POST /api/signup.php`) with a unique address and username. */
export function buildSignup(options: BuildSignupOptions = {}): SignupInput {
  const { prefix = 'member', ...overrides } = options;
  const tag = uniqueTag();
  return {
    email: `${prefix}-${tag}@example.test`,
    // Usernames are at most 24 characters; the prefix gives way so the tag stays whole.
    name: `${prefix.slice(0, 23 - tag.length)}_${tag}`,
    date_of_birth: '1990-05-17',
    password: PASSWORD,
    gender: 'female',
    language: 'en',
    ...overrides,
  };
}
