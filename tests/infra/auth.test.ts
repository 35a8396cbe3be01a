import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, it } from 'vitest';
import { Auth } from '../../infra/auth';
import { Data } from '../../infra/data';
import { Mail } from '../../infra/mail';
import { STAND_IN_ENTRY } from './wellbeing-app';

function userPoolTemplate(cognitoEmailViaSes: boolean): Template {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new Stack(app, 'AuthOnly', { env: { region: 'eu-west-1' } });
  const { table } = new Data(stack, 'Data');
  const mail = new Mail(stack, 'Mail', { domain: 'mail.example.org' });
  new Auth(stack, 'Auth', { table, mail, entryFor: () => STAND_IN_ENTRY, cognitoEmailViaSes });
  return Template.fromStack(stack);
}

describe("Cognito's own emails (password recovery)", () => {
  it("go through Cognito's default sender until the SES domain is verified", () => {
    userPoolTemplate(false).hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    });
  });

  it('go through the SES domain, from the product sender, once cognitoEmailViaSes is set', () => {
    userPoolTemplate(true).hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'no-reply@mail.example.org',
        SourceArn: Match.anyValue(),
        ConfigurationSet: Match.anyValue(),
      },
    });
  });
});

describe('sign-up', () => {
  it('lets the product’s own code prove the address: Cognito verifies no attribute by itself', () => {
    userPoolTemplate(false).hasResourceProperties('AWS::Cognito::UserPool', {
      AutoVerifiedAttributes: [],
      UsernameAttributes: ['email'],
    });
  });
});

describe('proving an address', () => {
  it('lets the verify trigger discard the identity’s password and end its sessions, on this pool only', () => {
    const template = userPoolTemplate(false);
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [
          Match.objectLike({
            Action: ['cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminUserGlobalSignOut'],
            Effect: 'Allow',
            Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AuthUserPool'), 'Arn'] },
          }),
        ],
      },
      Roles: [{ Ref: Match.stringLikeRegexp('^AuthVerifyAuthChallengeRole') }],
    });
  });
});
