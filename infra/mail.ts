import { Stack } from 'aws-cdk-lib';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { ConfigurationSet, EmailIdentity, Identity, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface MailProps {
  /** Domain the product's emails are sent from (context `mailDomain`). */
  domain: string;
}

/**
 * The SES sending identity (a domain, verified through the DKIM records SES asks for) and its
 * configuration set, which keeps bounced and complained addresses off the sending list.
 */
export class Mail extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly domain: string;
  /** Sender of every product email: MAIL_FROM of the functions that send. */
  readonly from: string;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.domain = props.domain;
    this.from = `no-reply@${props.domain}`;
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: Identity.domain(props.domain),
      configurationSet: this.configurationSet,
    });
  }

  /**
   * Allows sending from the identity. SES checks the identity and, because the identity has a default
   * configuration set, the configuration set too.
   */
  grantSend(grantee: IGrantable): void {
    const stack = Stack.of(this);
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          stack.formatArn({
            service: 'ses',
            resource: 'identity',
            resourceName: this.identity.emailIdentityName,
          }),
          stack.formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: this.configurationSet.configurationSetName,
          }),
        ],
      }),
    );
  }
}
