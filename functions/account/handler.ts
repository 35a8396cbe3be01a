import {
  EXPORT_MEDIA_TYPE,
  exportMyData,
  leaveProduct,
  setPassword,
  signOut as signOutRoute,
} from '@shared/contracts/account';
import { CORS_EXPOSE_HEADERS } from '@shared/contracts/headers';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import { setFirstPassword } from './password';
import { signOut } from './sign-out';

/**
 * Exporting and leaving walk every domain's face (functions/domains.ts) and zip the archive: those
 * two rare calls load them, not the init that setting a password or signing out pays
 * (docs/decisions/0004-cold-start.md).
 */
const service = () => import('./service');
/** Every domain's belongings, from the registry: the entry wires them, the service imports none. */
const belongings = async () => (await import('../domains')).BELONGINGS;

export const handler = createHttpHandler(
  [
    route(
      exportMyData,
      async ({ caller }) => {
        const file = await (await service()).exportAccount(caller.userId, await belongings());
        return {
          body: file.bytes,
          headers: {
            'content-disposition': `attachment; filename="${file.name}"`,
            'cache-control': 'no-store',
            // The SPA reads the file name; the pagination headers stay exposed as on every answer.
            'access-control-expose-headers': ['content-disposition', ...CORS_EXPOSE_HEADERS].join(','),
          },
        };
      },
      { binary: EXPORT_MEDIA_TYPE },
    ),
    route(leaveProduct, async ({ caller, body }) => {
      await (await service()).leaveProduct(caller, body.confirmation, await belongings());
      return undefined;
    }),
    route(setPassword, async ({ caller, body }) => {
      await setFirstPassword(caller, body.password);
      return undefined;
    }),
    route(signOutRoute, async ({ caller, body }) => {
      await signOut(caller, body.everywhere);
      return undefined;
    }),
  ],
  callerAccounts,
);
