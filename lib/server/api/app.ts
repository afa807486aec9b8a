import 'server-only';
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { AppError } from '../errors';
import type { ApiEnv } from './context';
import { errorResponse } from './errors';
import { describeIssues, errorMessage } from './i18n';
import { requestContext } from './middleware/request-context';
import { registerAccount } from './routes/account';
import { registerActivation } from './routes/activation';
import { registerCompanyInfo } from './routes/companyinfo';
import { registerComplaints } from './routes/complaints';
import { registerDevOutbox } from './routes/dev-outbox';
import { registerGeocode } from './routes/geocode';
import { registerInterests } from './routes/interests';
import { registerMembers } from './routes/members';
import { registerPageHidden } from './routes/page-hidden';
import { registerPasswordReset } from './routes/password-reset';
import { registerPhotos } from './routes/photos';
import { registerProfile } from './routes/profile';
import { registerRegions } from './routes/regions';
import { registerSettings } from './routes/settings';
import { registerSignup } from './routes/signup';
import { registerUser } from './routes/user';

/** The JSON API under /api: middleware, every endpoint, the OpenAPI document and JSON errors. */
export function createApiApp(): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        throw new AppError('validation_failed', {
          log: 'invalid input',
          detail: describeIssues(c.get('locale'), result.error.issues),
        });
      }
    },
  });

  app.use('*', requestContext);

  registerSettings(app);
  registerCompanyInfo(app);
  registerRegions(app);
  registerGeocode(app);
  registerComplaints(app);
  registerInterests(app);
  registerPageHidden(app);
  registerUser(app);
  registerSignup(app);
  registerActivation(app);
  registerPasswordReset(app);
  registerAccount(app);
  registerProfile(app);
  registerPhotos(app);
  registerMembers(app);
  registerDevOutbox(app);

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Lovelane API',
      version: '1.0.0',
      description: 'The JSON API of the dating and chat app.',
    },
  });

  app.notFound((c) =>
    errorResponse(c, new AppError('not_found', { log: `No route ${c.req.method} ${c.req.path}` })),
  );
  app.onError((error, c) => {
    if (error instanceof SyntaxError || (error instanceof HTTPException && error.status === 400)) {
      return errorResponse(
        c,
        new AppError('validation_failed', {
          log: error.message,
          detail: errorMessage(c.get('locale'), 'invalid_json'),
        }),
      );
    }
    return errorResponse(c, error);
  });
  return app;
}
