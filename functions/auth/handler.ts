import { signIn } from '../../shared/contracts/users';
import { createHttpHandler, route } from '../lib/http';
import { signInOptions } from './service';

export const handler = createHttpHandler([route(signIn, ({ body }) => signInOptions(body.email))]);
