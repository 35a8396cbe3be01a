import type { Language } from '@shared/contracts/headers';
import type { RouteContract } from '@shared/contracts/route';
import type { EntityMap } from './db';

/** The user whose belongings are gathered: their id and every address their account holds. */
export interface Owner {
  userId: string;
  /** Every address of the account (and a registering guest's pending one). */
  emails: string[];
  /**
   * The addresses whose verified owner is this user: an address the user merely claimed may be
   * another account's, and its sign-in items are theirs.
   */
  ownedEmails: string[];
}

/** One exported record: plain values only, never a secret (code hashes, salts). */
export type ExportRecord = Record<string, unknown>;

/** What the product holds of one kind for one user, and how to take it away. */
export interface Holding {
  records: ExportRecord[];
  /** Erases (or anonymises) exactly the items gathered. */
  leave(): Promise<void>;
}

/**
 * One kind of item the product holds about a user. The export and the erasure both walk every
 * domain's belongings (functions/domains.ts): a domain that stores something keyed by a user lists
 * it on its face, so its items are downloaded with the rest and taken away when the user leaves.
 */
export interface Belonging {
  /** Key of the section in data.json. */
  name: string;
  /** Entities (names in the domain's `entities`) whose items this belonging gathers. */
  covers: readonly string[];
  /** CSV file of the section; absent when it is one record (the profile). */
  csv?: string;
  /** The section is a single record rather than a list. */
  single?: boolean;
  /** One line of README.txt per language. */
  describe: Record<Language, string>;
  /**
   * `erase`: the items are deleted. `anonymise`: items others rely on (feelings shared in a sphere,
   * report figures) stay, stripped of everything that points to the user; see docs/data-model.md.
   */
  onLeave: 'erase' | 'anonymise';
  /**
   * When it is taken away: `first` (default) before the sign-in account is removed; `last` after
   * it; `final` after everything else (the user item itself: while it exists, a failed attempt can
   * be repeated with the same token and confirmation).
   */
  stage?: 'first' | 'last' | 'final';
  /** Reads the owner's items with Queries or GetItems on their keys, never a Scan. */
  gather(owner: Owner): Promise<Holding>;
}

/** Actions on the user pool a domain's Lambda may call (functions/lib/cognito.ts). */
export type UserPoolAction =
  | 'AdminCreateUser'
  | 'AdminDeleteUser'
  | 'AdminSetUserPassword'
  | 'AdminUpdateUserAttributes'
  | 'AdminUserGlobalSignOut'
  | 'ListUsers';

/**
 * What a domain's Lambda may do with objects of the assets bucket (functions/lib/assets.ts): `read`
 * (GetObject, and HeadObject), `write` (PutObject, also what the uploads it signs for browsers
 * need), `delete`.
 */
export type AssetAction = 'read' | 'write' | 'delete';

/** What a domain's Lambda is allowed beyond the table, read by CDK (infra/api.ts, infra/stack.ts). */
export interface DomainGrants {
  userPool?: readonly UserPoolAction[];
  /** Sends SMS (SNS Publish to a phone number). */
  sms?: boolean;
  /** Sends email through SES. */
  mail?: boolean;
  /** Publishes realtime events to the user's open tabs. */
  events?: boolean;
  /** Translates texts with Amazon Translate (TranslateText). */
  translate?: boolean;
  /**
   * Writes texts with a model through Amazon Bedrock (Converse, decision 0032): InvokeModel on the
   * model CDK names (context `bedrockModelId`), which the Lambda gets as BEDROCK_MODEL_ID.
   */
  bedrock?: boolean;
  /**
   * With `bedrock`: streams answers (ConverseStream) through the product's Bedrock Guardrail
   * (decision 0054): InvokeModelWithResponseStream on the same model, ApplyGuardrail on that one
   * guardrail, and BEDROCK_GUARDRAIL_ID and BEDROCK_GUARDRAIL_VERSION.
   */
  guardrail?: boolean;
  /**
   * Makes one-time schedules that put a message on the notifications queue
   * (functions/lib/schedules.ts, decision 0026): the cycle schedule group and the role EventBridge
   * Scheduler assumes are made once for the stack; the Lambda may create, update, read and delete
   * the group's schedules, pass that role to Scheduler only, and gets SCHEDULE_GROUP,
   * SCHEDULER_ROLE_ARN and the queue's ARNs.
   */
  schedules?: boolean;
  /**
   * Queues report renders onto the report-render queue (REPORT_RENDERS_QUEUE_URL), whose worker
   * writes the files under `renders/` of the assets bucket (decision 0031).
   */
  renders?: boolean;
  /**
   * Objects of the assets bucket under these key prefixes (each below `logos/`, `uploads/` or `renders/`); the
   * Lambda also gets ASSETS_BUCKET and ASSETS_URL.
   */
  assets?: { prefixes: readonly string[]; actions: readonly AssetAction[] };
  /**
   * Calls the card payment provider (decision 0051): reads the secret of its keys (Secrets Manager
   * GetSecretValue on that one secret, PAYMENT_KEYS_SECRET) and gets WEB_ORIGIN, where the
   * provider's pages send people back to.
   */
  payments?: boolean;
}

/**
 * The public face of a domain, listed once in functions/domains.ts. Everything the rest of the
 * product needs to know of a domain is read from here: its routes (served by
 * `functions/<name>/handler.ts`, one Lambda), its entities, what it holds about a user, and what
 * its Lambda may do.
 */
export interface DomainFace {
  name: string;
  /** REST routes of the domain; none for a domain without a REST Lambda. */
  routes: readonly RouteContract[];
  /** The ElectroDB entities the domain owns: only its own code writes them. */
  entities: EntityMap;
  belongings: readonly Belonging[];
  grants: DomainGrants;
}

/** Checks a face's routes name it, so a route is never served by the wrong Lambda. */
export function defineDomain(face: DomainFace): DomainFace {
  for (const route of face.routes) {
    if (route.domain !== face.name)
      throw new Error(`Route ${route.name} names domain ${route.domain} but is listed by ${face.name}`);
  }
  return face;
}

/** Delete attempts for the keys DynamoDB leaves unprocessed in a batch (throttling). */
const BATCH_ATTEMPTS = 5;

/** Deletes keys in batches of 25 (ElectroDB splits them), retrying what DynamoDB left unprocessed. */
export async function eraseInBatches<K>(
  remove: (keys: K[]) => Promise<{ unprocessed: K[] }>,
  keys: K[],
): Promise<void> {
  let left = keys;
  for (let attempt = 0; left.length > 0; attempt++) {
    if (attempt === BATCH_ATTEMPTS) throw new Error(`${left.length} items could not be erased`);
    ({ unprocessed: left } = await remove(left));
  }
}

/** Epoch milliseconds as the export shows them. */
export const isoTime = (epochMs: number) => new Date(epochMs).toISOString();
