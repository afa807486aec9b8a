// Pages and proxy.ts reach the server through the services server.ts provides; tests provide them too.
import { providePageServices } from '@/lib/server/provide-page-services';

providePageServices();
