import 'server-only';
import { getMessages } from 'next-intl/server';
import { pickNamespaces } from '@/lib/i18n/client-messages';

/** The namespaces the signup dialog shows (its steps, login and reactivation offers, errors). */
export const LANDER_SIGNUP_NAMESPACES = [
  'Common',
  'Errors',
  'Signup',
  'AuthForm',
  'Login',
  'Reactivation',
  'Activation',
  'SupportContact',
] as const;

/** The signup dialog's texts in the page's language, handed to the lander's signup island. */
export async function landerSignupMessages() {
  return pickNamespaces(await getMessages(), LANDER_SIGNUP_NAMESPACES);
}
