import { RemovalPolicy } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { WellbeingFunction } from './function';
import { acknowledge } from './nag';

/**
 * The card payment provider's keys (decision 0051): one Secrets Manager secret holding Stripe's
 * secret key, the webhook endpoint's signing secret and the price of each plan, as JSON
 * (docs/deploy.md says how ops fill it). CDK makes it empty of keys: nothing of them is in the
 * code, the bundle, the template or the environment; the Lambdas granted `payments` read it once
 * per cold start.
 */
export class Payments extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new Secret(this, 'ProviderKeys', {
      description:
        'Card payment provider (Stripe): secretKey, webhookSecret, prices.essentials, prices.premium',
      // A placeholder the Lambdas refuse (functions/payments/provider.ts) until ops put the keys.
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ prices: {} }),
        generateStringKey: 'placeholder',
        excludePunctuation: true,
      },
      // The keys are ops' to keep: a stack removed by mistake must not take them along.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.secret,
      "Stripe's keys are rolled in Stripe's dashboard, which Secrets Manager cannot do: ops put the new key in the secret (docs/deploy.md); a rotation Lambda would have nothing to rotate.",
      'AwsSolutions-SMG4',
    );
  }

  /** The function reads the keys: GetSecretValue on this secret only, its name as PAYMENT_KEYS_SECRET. */
  grantRead(fn: WellbeingFunction): void {
    this.secret.grantRead(fn.function);
    fn.addEnvironment({ PAYMENT_KEYS_SECRET: this.secret.secretArn });
  }
}
