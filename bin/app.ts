import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { WellbeingStack } from '../infra/stack';

const app = new App();
new WellbeingStack(app, 'Wellbeing', {
  // The account comes from the CLI's credentials when there are some; without them the stack stays
  // account-agnostic, so `npm run synth` works offline.
  env: { region: 'eu-west-1', account: process.env.CDK_DEFAULT_ACCOUNT },
  description: 'Wellbeing platform',
});
// cdk-nag 3 is a policy-validation plugin: synth stops on any unacknowledged AwsSolutions error.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
