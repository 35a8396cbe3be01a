import { CfnGuardrail, CfnGuardrailVersion } from 'aws-cdk-lib/aws-bedrock';
import { Construct } from 'constructs';

/**
 * The Bedrock Guardrail every assistant reply goes through (decision 0054), in synchronous stream
 * mode (functions/lib/bedrock.ts): nothing reaches the person before it is checked.
 *
 * - **Topic `self-harm`** (denied on input and output): talk of ending one's life or harming
 *   oneself. The chat reads its name in the guardrail's trace and hands the conversation to the
 *   safety step (who to call), rather than showing the blocked message: the product's own
 *   classifier (shared/domain/crisis.ts) usually stops first, this is the second net.
 * - **Topic `diagnosis`**: naming or suggesting a mental disorder, a diagnosis or a medication.
 * - **Content filters**: hate, insults, sexual content, violence and misconduct, and prompt attacks
 *   on input (a person trying to make the assistant reveal its instructions or play another role).
 * - **Personal data**: addresses, phone numbers, emails and card numbers are masked in replies.
 *
 * Its messages when it blocks are deliberately neutral, in the three languages at once: the chat
 * replaces them by its own safety step when the topic is self-harm.
 */
export class AssistantGuardrail extends Construct {
  readonly guardrailId: string;
  readonly guardrailArn: string;
  readonly version: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const blocked =
      'Je ne peux pas répondre à cela. · I cannot answer that. · Daar kan ik niet op antwoorden. — 112';
    const guardrail = new CfnGuardrail(this, 'Guardrail', {
      name: 'wellbeing-assistant',
      description:
        'The wellbeing assistant: no self-harm coaching, no diagnosis, no prompt attacks (decision 0054).',
      blockedInputMessaging: blocked,
      blockedOutputsMessaging: blocked,
      topicPolicyConfig: {
        topicsConfig: [
          {
            name: 'self-harm',
            type: 'DENY',
            definition:
              'Talk of ending one’s own life, suicide, or harming oneself, including plans, methods or wishes to die.',
            examples: ['I want to kill myself', 'Je veux mourir', 'Ik wil er een einde aan maken'],
          },
          {
            name: 'diagnosis',
            type: 'DENY',
            definition:
              'Naming, suggesting or confirming a mental disorder, an illness, a diagnosis or a medication for the person.',
            examples: ['Do I have depression?', 'Suis-je bipolaire ?', 'Welke medicatie moet ik nemen?'],
          },
        ],
      },
      contentPolicyConfig: {
        filtersConfig: [
          { type: 'HATE', inputStrength: 'HIGH', outputStrength: 'HIGH' },
          { type: 'INSULTS', inputStrength: 'MEDIUM', outputStrength: 'HIGH' },
          { type: 'SEXUAL', inputStrength: 'HIGH', outputStrength: 'HIGH' },
          { type: 'VIOLENCE', inputStrength: 'MEDIUM', outputStrength: 'HIGH' },
          { type: 'MISCONDUCT', inputStrength: 'MEDIUM', outputStrength: 'HIGH' },
          // Prompt attacks are judged on what the person writes only.
          { type: 'PROMPT_ATTACK', inputStrength: 'HIGH', outputStrength: 'NONE' },
        ],
      },
      sensitiveInformationPolicyConfig: {
        piiEntitiesConfig: [
          'ADDRESS',
          'EMAIL',
          'PHONE',
          'CREDIT_DEBIT_CARD_NUMBER',
          'INTERNATIONAL_BANK_ACCOUNT_NUMBER',
        ].map((type) => ({ type, action: 'ANONYMIZE' })),
      },
    });
    const version = new CfnGuardrailVersion(this, 'Version', {
      guardrailIdentifier: guardrail.attrGuardrailId,
      description: 'The version the chat Lambda uses.',
    });
    this.guardrailId = guardrail.attrGuardrailId;
    this.guardrailArn = guardrail.attrGuardrailArn;
    this.version = version.attrVersion;
  }
}
