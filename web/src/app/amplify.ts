import { Amplify } from 'aws-amplify';
import type { WebConfig } from '@shared/contracts/web-config';

/** Points Amplify Auth at the user pool of this environment (the local issuer when set). */
export function configureAmplify(config: WebConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
      },
    },
  });
}
