import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import type { OperatorRoleName } from '../../lib/shared/schemas/operators';
import { expect } from './fixtures';

/** A new console operator of a role: address, password, and the authenticator secret once set up. */
export interface TestOperator {
  id: number;
  email: string;
  password: string;
  secret: string;
}

/** Makes an operator (through the browser tests' operator factory), not logged in anywhere. */
export async function createOperator(
  request: APIRequestContext,
  baseURL: string,
  role: OperatorRoleName,
  name?: string,
): Promise<Omit<TestOperator, 'secret'>> {
  const res = await request.post(`${baseURL}/api/dev/operator.php`, {
    data: { role, ...(name ? { name } : {}) },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Omit<TestOperator, 'secret'>;
}

/**
 * Logs a new operator of a role in to the console in the page's browser context, through the API:
 * password, then the authenticator app set up with its first code. The page can open /operator next.
 */
export async function logInOperator(
  page: Page,
  baseURL: string,
  role: OperatorRoleName,
  name?: string,
): Promise<TestOperator> {
  const operator = await createOperator(page.request, baseURL, role, name);
  const headers = { origin: baseURL };
  const login = await page.request.post(`${baseURL}/api/operator/session.php`, {
    data: { email: operator.email, password: operator.password },
    headers,
  });
  expect(login.status()).toBe(200);
  const enrollment = await page.request.get(`${baseURL}/api/operator/second-factor.php`);
  const { secret } = (await enrollment.json()) as { secret: string };
  const verified = await page.request.post(`${baseURL}/api/operator/second-factor.php`, {
    data: { code: await generate({ secret }) },
    headers,
  });
  expect(verified.status()).toBe(200);
  return { ...operator, secret };
}
