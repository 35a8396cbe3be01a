import { defineFeature } from '../../lib/feature';
import { LOGIN_PATH } from '../../lib/routes';

/** Sign-in by email code or password, and account creation (spec 01 §2 login). */
export const authFeature = defineFeature({
  name: 'auth',
  pages: [{ path: LOGIN_PATH, access: 'public', load: () => import('./sign-in-page') }],
});
