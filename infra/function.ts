import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { Config } from '../functions/lib/config';
import { RENDER_ASSETS_DIR, renderAssetFiles } from '../functions/reports/render/fonts';
import { acknowledge, acknowledgeWildcards } from './nag';

/**
 * What the Lambda runtime (Node 22) provides and bundles leave out: the AWS SDK v3's clients and
 * libraries. Anything else of `@aws-sdk` (the S3 presigned-POST helper) is bundled.
 */
export const AWS_SDK_EXTERNALS = ['@aws-sdk/client-*', '@aws-sdk/lib-*'] as const;

/** Root of the repository: Lambda entry paths are relative to it. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Modules replaced in every Lambda bundle: ElectroDB's model validator, whose check runs in CI rather
 * than at init (docs/decisions/0004-cold-start.md).
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  jsonschema: join(REPO_ROOT, 'functions/lib/jsonschema-stub.cjs'),
};

/** What one Lambda's bundle needs beyond what every bundle gets. */
export interface BundlingExtras {
  /** esbuild `define`: identifiers replaced in the source. */
  define: Readonly<Record<string, string>>;
  /** JavaScript put at the top of the bundle. */
  banner: string;
  /** Modules replaced, added to BUNDLE_ALIASES. */
  alias: Readonly<Record<string, string>>;
  /** Files copied next to the bundle: absolute source path and name in the bundle's folder. */
  assets: readonly { from: string; name: string }[];
  /** Environment the function gets so that it finds those files. */
  environment: Readonly<Record<string, string>>;
}

/**
 * The render Lambda (reports to PDF and DOCX, functions/reports/render), and only it:
 * - pdfkit's ESM build reads `import.meta.url` (to find its standard fonts and ICC profile), which a
 *   CommonJS bundle does not have: it becomes a variable the banner sets from the bundle's own path.
 *   Reports embed their own font and never load the standard ones.
 * - `brotli/decompress.js`, needed by fontkit for WOFF2 only, is replaced by a stub (the bundle goes
 *   from 1.76 MB to 1.29 MB).
 * - The DejaVu Sans fonts and resvg's WebAssembly module are binary files no bundle can carry: they are
 *   copied next to it (the Lambda's /var/task) and `RENDER_ASSETS_DIR` says where they are.
 */
export const RENDER_BUNDLING: BundlingExtras = {
  define: { 'import.meta.url': '__import_meta_url' },
  banner: 'var __import_meta_url=require("node:url").pathToFileURL(__filename).href;',
  alias: { 'brotli/decompress.js': join(REPO_ROOT, 'functions/reports/render/brotli-stub.cjs') },
  assets: renderAssetFiles(),
  environment: { [RENDER_ASSETS_DIR]: '/var/task' },
};

/**
 * Environment variables a Lambda may receive in AWS. The names come from functions/lib/config.ts (so a
 * renamed variable breaks the build here); the *_ENDPOINT and TOKEN_ISSUER overrides exist only for
 * the local stack, AWS_REGION is set by Lambda itself.
 */
type ConfigName = Exclude<keyof Config, 'AWS_REGION' | 'TOKEN_ISSUER' | `${string}_ENDPOINT`>;
export type FunctionEnvironment = Partial<
  Record<ConfigName | 'WS_MANAGEMENT_ENDPOINT' | 'NOTIFICATIONS_QUEUE_URL', string>
>;

export interface WellbeingFunctionProps {
  /** Source file exporting `handler`, relative to the repository root. */
  entry: string;
  description?: string;
  /** @default 512 */
  memorySize?: number;
  /** @default 10 seconds */
  timeout?: Duration;
  environment?: FunctionEnvironment;
  /** The single table and what the function may do with it; TABLE_NAME is set from it. */
  table?: { table: ITable; access: 'read' | 'readWrite' };
  /** What this function's bundle needs beyond the others' (RENDER_BUNDLING for the render worker). */
  bundling?: BundlingExtras;
}

/**
 * The one way the product builds a Lambda: Node 22 on arm64, ESM bundle with source maps, X-Ray
 * tracing, its own log group kept one month, and explicit table access.
 */
export class WellbeingFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: WellbeingFunctionProps) {
    super(scope, id);
    // Retained if the function is removed: its last month of logs stays readable, then expires.
    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH });
    // Its own role, allowed to write to its own log group only (rather than the managed
    // AWSLambdaBasicExecutionRole, which allows every log group of the account).
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.entry}`,
    });
    this.logGroup.grantWrite(this.role);

    const environment: Record<string, string> = {
      NODE_OPTIONS: '--enable-source-maps',
      LOG_LEVEL: 'INFO',
      ...definedOnly(props.environment ?? {}),
      ...props.bundling?.environment,
    };
    if (props.table) environment.TABLE_NAME = props.table.table.tableName;

    this.function = new NodejsFunction(this, 'Function', {
      entry: join(REPO_ROOT, props.entry),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      logGroup: this.logGroup,
      role: this.role,
      environment,
      bundling: {
        minify: true,
        sourceMap: true,
        // Mappings are enough for readable stack traces; the sources would only grow the bundle.
        sourcesContent: false,
        target: 'node22',
        // CommonJS: the runtime's AWS SDK then loads from its single-file CommonJS builds, about 40 ms
        // faster at cold start than through the ESM loader (docs/benchmarks.md).
        format: OutputFormat.CJS,
        mainFields: ['module', 'main'],
        // The Node 22 runtime ships the AWS SDK v3's clients and libraries; the S3 presigned-POST
        // helper is not sure to be there, so it travels in the bundle.
        externalModules: [...AWS_SDK_EXTERNALS],
        esbuildArgs: Object.fromEntries(
          Object.entries({ ...BUNDLE_ALIASES, ...props.bundling?.alias }).map(([name, path]) => [
            `--alias:${name}`,
            path,
          ]),
        ),
        ...(props.bundling ? extraBundling(props.bundling) : {}),
      },
    });

    if (props.table) {
      const { table, access } = props.table;
      const grant =
        access === 'readWrite' ? table.grantReadWriteData(this.role) : table.grantReadData(this.role);
      acknowledgeWildcards(
        this.role,
        grant.principalStatements,
        "Queries on the single table's global indexes: `<table ARN>/index/*` names the indexes of that one table.",
      );
    }
    acknowledge(
      this.role,
      'X-Ray tracing (xray:PutTraceSegments, xray:PutTelemetryRecords) has no resource-level permission: AWS requires "*".',
      'AwsSolutions-IAM5[Resource::*]',
    );
    acknowledge(
      this.function,
      'nodejs22.x is the runtime chosen for the product (docs/deploy.md): supported by Lambda until 2027, and the code also runs on the Node 20 the local stack uses. Moving to a newer runtime is a deliberate upgrade, not a side effect of a CDK release.',
      'AwsSolutions-L1',
    );
  }

  addEnvironment(environment: FunctionEnvironment): void {
    for (const [name, value] of Object.entries(definedOnly(environment)))
      this.function.addEnvironment(name, value);
  }
}

/** The define, banner and asset copies of a function's bundling extras, as CDK's options. */
function extraBundling(extras: BundlingExtras) {
  return {
    define: { ...extras.define },
    banner: extras.banner,
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      // Paths from the repository root, so the copy also works when CDK bundles inside Docker.
      afterBundling: (inputDir: string, outputDir: string) =>
        extras.assets.map(
          ({ from, name }) => `cp "${join(inputDir, relative(REPO_ROOT, from))}" "${join(outputDir, name)}"`,
        ),
    },
  };
}

function definedOnly(environment: FunctionEnvironment): Record<string, string> {
  return Object.fromEntries(
    Object.entries(environment).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** `create-auth-challenge` → `CreateAuthChallenge`: construct ids from file and domain names. */
export function pascalCase(name: string): string {
  return name.replace(/(^|-)(\w)/g, (_match, _dash: string, letter: string) => letter.toUpperCase());
}
