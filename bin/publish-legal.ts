import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LANGUAGES, type Language } from '@shared/contracts/headers';
import { LEGAL_DOCUMENT_TYPES, type LegalDocumentType } from '@shared/contracts/legal';
import { legalDocumentPath } from '../functions/legal/defaults';
import { latestDocuments } from '../functions/legal/consents';
import { listLegalDocuments, publishLegalDocument } from '../functions/legal/repository';
import { configureHandlers, startLocalStack } from '../tools/local-stack/stack';
import { DEFAULT_DATA_DIR, findRunningStack } from '../tools/local-stack/state';

/**
 * `npm run legal:publish -- --type terms-of-use --version 2 [--lang fr --lang en]`
 *
 * Publishes a new version of a legal document: from then on every user sees it pending until they
 * accept it. The text must exist first in web/public/legal/<type>-<version>-<lang>.html (deployed
 * with the SPA). With TABLE_NAME set (and AWS credentials) it writes to that table; otherwise to the
 * local stack (`npm start` if it runs, else the persistent local data).
 */
const usage =
  'usage: npm run legal:publish -- --type terms-of-use|privacy-policy --version <n> [--lang fr ...]';
const { values } = parseArgs({
  options: {
    type: { type: 'string' },
    version: { type: 'string' },
    lang: { type: 'string', multiple: true },
  },
});

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(1);
}

const documentType = values.type as LegalDocumentType;
if (!(LEGAL_DOCUMENT_TYPES as readonly string[]).includes(values.type ?? ''))
  fail('Unknown or missing --type.');
const version = Number(values.version);
if (!/^\d{1,6}$/.test(values.version ?? '') || version < 1) fail('--version must be a positive integer.');
const langs = (values.lang ?? [...LANGUAGES]) as Language[];
if (langs.some((l) => !(LANGUAGES as readonly string[]).includes(l)))
  fail(`--lang must be one of ${LANGUAGES.join(', ')}.`);

const missingTexts = langs
  .map((lang) => join('web/public', legalDocumentPath(documentType, version, lang)))
  .filter((file) => !existsSync(file));
if (missingTexts.length) fail(`Write the document's text first: ${missingTexts.join(', ')}`);

async function publish() {
  const current = latestDocuments(await listLegalDocuments()).get(documentType)?.[0]?.version ?? 0;
  if (version < current)
    fail(`Version ${current} of ${documentType} is already published; publish a higher one.`);
  const report = await publishLegalDocument({ documentType, version, langs });
  console.log(
    `${documentType} version ${version}: published in ${report.created.map((d) => d.lang).join(', ') || 'no new language'}` +
      (report.existing.length ? `; already there in ${report.existing.join(', ')}` : '') +
      '.',
  );
}

if (process.env.TABLE_NAME) {
  await publish();
} else {
  const running = await findRunningStack(DEFAULT_DATA_DIR);
  if (running) {
    configureHandlers(running.handlerEnv);
    await publish();
  } else {
    const stack = await startLocalStack({ persistent: true, web: false, dataDir: DEFAULT_DATA_DIR });
    try {
      await publish();
    } finally {
      await stack.stop();
    }
  }
}
