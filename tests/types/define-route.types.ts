// Compile-time checks of the route kit, run by `npm run typecheck`: each @ts-expect-error below must
// stay an error, or the type check fails.
import { z } from 'zod';
import { defineRoute } from '@/lib/server/api/kit/define-route';

const ok = { status: 200, description: 'ok', schema: z.object({ n: z.number() }) } as const;

// A route that does not say who may call it does not compile.
// @ts-expect-error access is required
defineRoute('GET /api/no-access.php', {
  summary: 'x',
  response: ok,
  handler: () => Promise.resolve({ n: 1 }),
});

// A member route's viewer is always there; a visitor route's may be null.
defineRoute('GET /api/member-only.php', {
  access: 'member',
  summary: 'x',
  response: ok,
  handler: ({ viewer }) => Promise.resolve({ n: viewer.userId }),
});
defineRoute('GET /api/anyone.php', {
  access: 'visitor',
  summary: 'x',
  response: ok,
  // @ts-expect-error the viewer of a visitor route may be null
  handler: ({ viewer }) => Promise.resolve({ n: viewer.userId }),
});

// The handler answers what the response schema says.
defineRoute('GET /api/wrong-answer.php', {
  access: 'visitor',
  summary: 'x',
  response: ok,
  // @ts-expect-error n must be a number
  handler: () => Promise.resolve({ n: 'one' }),
});

// The body is typed from its schema.
defineRoute('POST /api/typed-body.php', {
  access: 'member',
  summary: 'x',
  body: z.object({ id: z.number() }),
  response: { status: 204, description: 'done' },
  handler: ({ body }) => {
    // @ts-expect-error id is a number
    const text: string = body.id;
    return Promise.resolve(void text);
  },
});

// A route is named by method and path.
// @ts-expect-error the key starts with an upper-case method
defineRoute('fetch /api/x.php', {
  access: 'visitor',
  summary: 'x',
  response: ok,
  handler: () => Promise.resolve({ n: 1 }),
});
