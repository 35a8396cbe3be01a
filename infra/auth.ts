import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import {
  AccountRecovery,
  CustomThreatProtectionMode,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  type UserPoolClient,
  UserPoolEmail,
} from 'aws-cdk-lib/aws-cognito';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { WellbeingFunction, pascalCase, type FunctionEnvironment } from './function';
import type { Mail } from './mail';
import { acknowledge } from './nag';

/** The custom-auth triggers (email code, password, guest): functions/auth/<name>.ts. */
export const AUTH_TRIGGERS = [
  'pre-sign-up',
  'define-auth-challenge',
  'create-auth-challenge',
  'verify-auth-challenge',
  'pre-token-generation',
] as const;
export type AuthTrigger = (typeof AUTH_TRIGGERS)[number];

export interface AuthProps {
  table: ITable;
  mail: Mail;
  /** Maps a trigger's source file (relative to the repository root) to the entry to build. */
  entryFor: (entry: string) => string;
  environment?: FunctionEnvironment;
  /**
   * Send Cognito's own emails (password recovery) through the SES domain instead of Cognito's default
   * sender (limited to 50 emails a day). Only once the SES domain is verified: Cognito refuses an
   * unverified identity, so the first deployment cannot use it.
   */
  cognitoEmailViaSes?: boolean;
}

/**
 * Cognito user pool of the product: the email is the username, sign-in runs the custom flow
 * (functions/auth) or SRP with a password; the SPA's client has no secret.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly triggers: Record<AuthTrigger, WellbeingFunction>;
  /** The triggers that send mail (the sign-in code): granted SES, and given the web origin. */
  readonly senders: readonly WellbeingFunction[];

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    // The triggers never receive USER_POOL_ID: the pool depends on them, and Cognito puts the pool id
    // in every trigger event.
    const trigger = (
      name: AuthTrigger,
      access: 'read' | 'readWrite',
      description: string,
    ): WellbeingFunction =>
      new WellbeingFunction(this, pascalCase(name), {
        entry: props.entryFor(`functions/auth/${name}.ts`),
        description,
        table: { table: props.table, access },
        environment: { MAIL_FROM: props.mail.from, ...props.environment },
      });
    this.triggers = {
      'pre-sign-up': trigger(
        'pre-sign-up',
        'readWrite',
        'Cognito pre sign-up: confirms accounts created by code',
      ),
      'define-auth-challenge': trigger(
        'define-auth-challenge',
        'read',
        'Cognito custom auth: next challenge',
      ),
      'create-auth-challenge': trigger(
        'create-auth-challenge',
        'readWrite',
        'Cognito custom auth: creates and emails the sign-in code',
      ),
      'verify-auth-challenge': trigger(
        'verify-auth-challenge',
        'readWrite',
        'Cognito custom auth: checks the answer',
      ),
      'pre-token-generation': trigger(
        'pre-token-generation',
        'read',
        'Cognito pre token generation: tokens only for an account whose address was proved',
      ),
    };
    this.senders = [this.triggers['create-auth-challenge']];
    for (const sender of this.senders) props.mail.grantSend(sender.function);

    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      // No autoVerify: the product proves an address with its own sign-in code (the first right
      // code creates the account), and Cognito must not send a second verification email at SignUp.
      autoVerify: {},
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        locale: { required: false, mutable: true },
      },
      // Spec 01 §5: at least 6 characters with a lowercase letter, an uppercase letter and a digit.
      passwordPolicy: {
        minLength: 6,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa.OFF,
      // Threat protection watches password and custom sign-ins. Audit first, as Cognito advises, so
      // that real traffic trains the risk model before it blocks anyone (docs/deploy.md).
      featurePlan: FeaturePlan.PLUS,
      standardThreatProtectionMode: StandardThreatProtectionMode.AUDIT_ONLY,
      customThreatProtectionMode: CustomThreatProtectionMode.AUDIT_ONLY,
      email: props.cognitoEmailViaSes
        ? UserPoolEmail.withSES({
            fromEmail: props.mail.from,
            sesRegion: 'eu-west-1',
            sesVerifiedDomain: props.mail.domain,
            configurationSetName: props.mail.configurationSet.configurationSetName,
          })
        : UserPoolEmail.withCognito(),
      lambdaTriggers: {
        preSignUp: this.triggers['pre-sign-up'].function,
        defineAuthChallenge: this.triggers['define-auth-challenge'].function,
        createAuthChallenge: this.triggers['create-auth-challenge'].function,
        verifyAuthChallengeResponse: this.triggers['verify-auth-challenge'].function,
        preTokenGeneration: this.triggers['pre-token-generation'].function,
      },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { custom: true, userSrp: true, userPassword: false },
      // The SPA signs in through the Cognito API (Amplify), not the hosted UI.
      disableOAuth: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      // The emailed code is valid 15 minutes (spec 01): the custom-auth session must last as long.
      authSessionValidity: Duration.minutes(15),
      // The sign-in screen needs UserNotFoundException to switch to account creation (spec 01 §4, §8).
      // The same answer is already public through POST /users/sign-in (`exists`), so hiding it here
      // would protect nothing.
      preventUserExistenceErrors: false,
      enableTokenRevocation: true,
    });

    // Proving an address discards the identity's earlier password and ends its earlier sessions
    // (docs/decisions/0006). A standalone policy, not the role's default one: the pool depends on
    // the trigger function, and the function waits for its default policy, which would then
    // depend on the pool.
    new Policy(this, 'VerifyTriggerPoolAccess', {
      roles: [this.triggers['verify-auth-challenge'].role],
      statements: [
        new PolicyStatement({
          actions: ['cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminUserGlobalSignOut'],
          resources: [this.userPool.userPoolArn],
        }),
      ],
    });

    acknowledge(
      this.userPool,
      'Spec 01 §5 sets the password rules: at least 6 characters with a lowercase letter, an uppercase letter and a digit. Most users never set a password: they sign in with a one-time emailed code.',
      'AwsSolutions-COG1',
    );
    acknowledge(
      this.userPool,
      'The spec has no MFA: sign-in is an emailed one-time code (possession of the mailbox) or a password; threat protection (Plus plan) watches both flows.',
      'AwsSolutions-COG2',
    );
  }
}
