import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestDatabase } from '../helpers/database';
import { createMember } from '../factories/create-member';

const db = withTestDatabase();

describe('status columns', () => {
  it.each([
    ['users', 'status'],
    ['users', 'deletion_reason'],
    ['profiles', 'status'],
    ['sites', 'signups'],
  ])('%s.%s refuses a value outside its enum', async (table, column) => {
    const userId = await createMember(db.handle().db);
    const where =
      table === 'sites'
        ? sql`domain = 'default'`
        : sql`${sql.identifier(table === 'users' ? 'id' : 'user_id')} = ${userId}`;
    const attempt = db
      .handle()
      .db.execute(
        sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = 'bogus' where ${where}`,
      );
    await expect(attempt).rejects.toThrow();
    try {
      await attempt;
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      expect(cause instanceof Error ? cause.message : '').toMatch(/invalid input value for enum/);
    }
  });

  it.each([
    ['photos', 'status'],
    ['email_tokens', 'purpose'],
    ['mail_outbox', 'kind'],
    ['complaints', 'reason'],
    ['complaints', 'status'],
    ['credit_ledger', 'reason'],
  ])('%s.%s is typed by a database enum', async (table, column) => {
    const result = await db.handle().db.execute(sql`
      select t.typtype from information_schema.columns c join pg_type t on t.typname = c.udt_name
      where c.table_name = ${table} and c.column_name = ${column}`);
    const { rows } = result as { rows: { typtype: string }[] };
    expect(rows).toEqual([{ typtype: 'e' }]);
  });
});
