import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '@/lib/server/db/schema';
import { DISABLED_NOTIFICATION_ENTRIES } from '@/lib/shared/values/notifications';
import { clientFor } from '../helpers/api';
import { stubEnv, unstubEnv } from '../helpers/env';
import { withTestDatabase } from '../helpers/database';
import { createMember } from '../factories/create-member';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();

async function member() {
  const userId = await createMember(db.handle().db);
  return { userId, client: await clientFor(userId) };
}

async function stopEmail(userId: number, reason: 'bounce' | 'spam_complaint' | 'unsubscribe') {
  await db
    .handle()
    .db.update(users)
    .set({ emailStoppedReason: reason, emailStoppedAt: new Date('2026-03-01T10:00:00Z') })
    .where(eq(users.id, userId));
}

describe('PUT /api/notifications.php', () => {
  it('keeps the kinds switched off per channel, each once, and answers the member', async () => {
    const { client } = await member();
    const saved = await client.put('/api/notifications.php', {
      notifications_disabled: ['push:like', 'email:news', 'email:promotions', 'email:news'],
    });
    expect(saved.status).toBe(200);
    expect(saved.json.user.notifications_disabled).toEqual(['email:promotions', 'email:news', 'push:like']);

    const reread = await client.get('/api/user.php');
    expect(reread.json.user.notifications_disabled).toEqual(['email:promotions', 'email:news', 'push:like']);
  });

  it('replaces the whole list, so a kind left out is on again', async () => {
    const { client } = await member();
    await client.put('/api/notifications.php', { notifications_disabled: ['email:news', 'push:news'] });
    const saved = await client.put('/api/notifications.php', { notifications_disabled: ['push:news'] });
    expect(saved.json.user.notifications_disabled).toEqual(['push:news']);
    const cleared = await client.put('/api/notifications.php', { notifications_disabled: [] });
    expect(cleared.json.user.notifications_disabled).toEqual([]);
  });

  it('can switch every kind off on both channels', async () => {
    const { client } = await member();
    const saved = await client.put('/api/notifications.php', {
      notifications_disabled: [...DISABLED_NOTIFICATION_ENTRIES],
    });
    expect(saved.json.user.notifications_disabled).toHaveLength(16);
  });

  it.each([
    ['an unknown kind', ['email:gossip']],
    ['an unknown channel', ['sms:news']],
    ['a kind without its channel', ['news']],
    ['not a list', 'email:news'],
  ])('refuses %s and keeps what was saved', async (_name, disabled) => {
    const { client } = await member();
    await client.put('/api/notifications.php', { notifications_disabled: ['email:news'] });
    const refused = await client.put('/api/notifications.php', { notifications_disabled: disabled });
    expect(refused.status).toBe(422);
    expect(refused.json.error.code).toBe('validation_failed');
    expect((await client.get('/api/user.php')).json.user.notifications_disabled).toEqual(['email:news']);
  });

  it.each(['bounce', 'spam_complaint', 'unsubscribe'] as const)(
    'turns e-mail notifications back on after a stop because of %s, keeping the kinds switched off',
    async (reason) => {
      const { userId, client } = await member();
      await stopEmail(userId, reason);
      const stopped = await client.get('/api/user.php');
      expect(stopped.json.user.email_notifications_stopped).toEqual({
        reason,
        at: '2026-03-01T10:00:00.000Z',
      });

      // Saving choices alone leaves e-mail stopped: only the member's explicit wish resumes it.
      const changed = await client.put('/api/notifications.php', { notifications_disabled: ['email:news'] });
      expect(changed.json.user.email_notifications_stopped).toEqual({
        reason,
        at: '2026-03-01T10:00:00.000Z',
      });

      const resumed = await client.put('/api/notifications.php', {
        notifications_disabled: ['email:news'],
        resume_email: true,
      });
      expect(resumed.status).toBe(200);
      expect(resumed.json.user.email_notifications_stopped).toBeNull();
      expect(resumed.json.user.notifications_disabled).toEqual(['email:news']);
      expect((await client.get('/api/user.php')).json.user.email_notifications_stopped).toBeNull();
    },
  );

  it('refuses resume_email with any value but true', async () => {
    const { userId, client } = await member();
    await stopEmail(userId, 'bounce');
    const refused = await client.put('/api/notifications.php', {
      notifications_disabled: [],
      resume_email: 'yes',
    });
    expect(refused.status).toBe(422);
    expect((await client.get('/api/user.php')).json.user.email_notifications_stopped?.reason).toBe('bounce');
  });

  it('changes only the caller’s own choices', async () => {
    const first = await member();
    const second = await member();
    await first.client.put('/api/notifications.php', { notifications_disabled: ['email:like'] });
    expect((await second.client.get('/api/user.php')).json.user.notifications_disabled).toEqual([]);
  });
});

describe('POST /api/dev/email-stop.php (development and browser tests)', () => {
  afterEach(() => unstubEnv());

  it('stops the caller’s own e-mail notifications with a reason', async () => {
    const { client } = await member();
    const other = await member();
    const before = Date.now();
    expect((await client.post('/api/dev/email-stop.php', { reason: 'spam_complaint' })).status).toBe(204);
    const stopped = (await client.get('/api/user.php')).json.user.email_notifications_stopped;
    expect(stopped.reason).toBe('spam_complaint');
    expect(Date.parse(stopped.at)).toBeGreaterThanOrEqual(before - 1_000);
    expect((await other.client.get('/api/user.php')).json.user.email_notifications_stopped).toBeNull();
  });

  it('does not exist in production unless the outbox view is on', async () => {
    const { client } = await member();
    stubEnv('NODE_ENV', 'production');
    stubEnv('MAIL_OUTBOX_VIEW', '');
    expect((await client.post('/api/dev/email-stop.php', { reason: 'bounce' })).status).toBe(404);
    stubEnv('MAIL_OUTBOX_VIEW', '1');
    expect((await client.post('/api/dev/email-stop.php', { reason: 'bounce' })).status).toBe(204);
  });
});
