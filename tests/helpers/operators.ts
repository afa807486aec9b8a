import { generate } from 'otplib';
import { addOperator } from '@/lib/server/operators/add-operator';
import type { OperatorRoleName } from '@/lib/shared/schemas/operators';
import { apiClient } from './api';

let count = 0;

/**
 * An operator of the given role, logged in to the console through its API as a browser would be:
 * password, then the authenticator app set up with its first code.
 */
export async function operatorClient(role: OperatorRoleName, options: { name?: string } = {}) {
  const email = `${role}-${process.pid}-${(count += 1)}-${Date.now()}@operators.lovelane.test`;
  const { operatorId, password } = await addOperator({
    email,
    name: options.name ?? `${role} ${count}`,
    role,
  });
  const client = apiClient();
  const login = await client.post('/api/operator/session.php', { email, password });
  if (login.status !== 200) throw new Error(`operator login failed: ${JSON.stringify(login.json)}`);
  const enrollment = await client.get('/api/operator/second-factor.php');
  const secret = (enrollment.json as { secret: string }).secret;
  const code = await generate({ secret });
  const verified = await client.post('/api/operator/second-factor.php', { code });
  if (verified.status !== 200) throw new Error(`second factor failed: ${JSON.stringify(verified.json)}`);
  return { client, operatorId, email, password, secret };
}
