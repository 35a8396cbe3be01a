import { describe, expect, it } from 'vitest';
import type { Language } from '@shared/contracts/headers';
import type { LegalDocumentType } from '@shared/contracts/legal';
import {
  currentDocuments,
  invalidAcceptances,
  latestDocuments,
  legalConsents,
  type LegalDocument,
} from './consents';

function doc(documentType: LegalDocumentType, version: number, lang: Language): LegalDocument {
  return {
    documentType,
    version,
    lang,
    path: `/legal/${documentType}-${version}-${lang}.html`,
    publishedOn: `2026-0${version}-01T00:00:00.000Z`,
  };
}
const allLangs = (type: LegalDocumentType, version: number) =>
  (['fr', 'en', 'nl'] as const).map((l) => doc(type, version, l));
const accepted = (documentType: LegalDocumentType, version: number, lang: Language = 'fr') => ({
  documentType,
  version,
  lang,
  acceptedAt: '2026-05-05T10:00:00.000Z',
});

describe('current legal documents', () => {
  it('each type comes once, at its latest version, in the wanted language, else French', () => {
    const current = currentDocuments(
      [...allLangs('terms-of-use', 1), doc('terms-of-use', 2, 'fr'), ...allLangs('privacy-policy', 1)],
      'nl',
    );
    expect(current.map((d) => `${d.documentType}@${d.version}:${d.lang}`)).toEqual([
      'terms-of-use@2:fr',
      'privacy-policy@1:nl',
    ]);
  });
});

describe('legal consent status', () => {
  it('the latest version of a type is the highest number, not the last written or the text order', () => {
    const latest = latestDocuments([
      doc('terms-of-use', 10, 'fr'),
      doc('terms-of-use', 9, 'fr'),
      doc('terms-of-use', 2, 'fr'),
    ]);
    expect(latest.get('terms-of-use')?.map((d) => d.version)).toEqual([10]);
  });

  it('a document the user never accepted is pending, offered in the caller’s language', () => {
    const consents = legalConsents(allLangs('terms-of-use', 1), [], 'nl');
    expect(consents).toEqual([
      {
        documentType: 'terms-of-use',
        version: '1',
        lang: 'nl',
        path: '/legal/terms-of-use-1-nl.html',
        publishedOn: '2026-01-01T00:00:00.000Z',
        status: 'pending',
      },
    ]);
  });

  it('the accepted latest version is accepted, with the language and time of the acceptance', () => {
    const [consent] = legalConsents(
      allLangs('privacy-policy', 1),
      [accepted('privacy-policy', 1, 'en')],
      'fr',
    );
    expect(consent).toMatchObject({ status: 'accepted', lang: 'en', timestamp: '2026-05-05T10:00:00.000Z' });
  });

  it('publishing a new version makes it pending again for a user who accepted the previous one', () => {
    const documents = [
      ...allLangs('terms-of-use', 1),
      ...allLangs('privacy-policy', 1),
      ...allLangs('terms-of-use', 2),
    ];
    const consents = legalConsents(
      documents,
      [accepted('terms-of-use', 1), accepted('privacy-policy', 1)],
      'fr',
    );
    expect(consents.map((c) => [c.documentType, c.version, c.status])).toEqual([
      ['terms-of-use', '2', 'pending'],
      ['privacy-policy', '1', 'accepted'],
    ]);
  });

  it('a version missing in the caller’s language falls back to French', () => {
    const [consent] = legalConsents([doc('terms-of-use', 3, 'fr'), doc('terms-of-use', 3, 'en')], [], 'nl');
    expect(consent?.lang).toBe('fr');
  });

  it('a type never published has no consent', () => {
    expect(legalConsents([], [accepted('terms-of-use', 1)], 'fr')).toEqual([]);
  });
});

describe('acceptances', () => {
  const documents = [
    ...allLangs('terms-of-use', 1),
    ...allLangs('terms-of-use', 2),
    ...allLangs('privacy-policy', 1),
  ];

  it('accept only the current version, in a language it exists in', () => {
    expect(
      invalidAcceptances(
        [
          { documentType: 'terms-of-use', version: '2', lang: 'nl' },
          { documentType: 'privacy-policy', version: '1', lang: 'fr' },
        ],
        documents,
      ),
    ).toEqual([]);
  });

  it('an outdated or unknown version is not-valid on that item', () => {
    expect(
      invalidAcceptances(
        [
          { documentType: 'privacy-policy', version: '1', lang: 'fr' },
          { documentType: 'terms-of-use', version: '1', lang: 'fr' },
          { documentType: 'privacy-policy', version: '7', lang: 'fr' },
        ],
        documents,
      ),
    ).toEqual([
      { key: 'not-valid', field: 'body.1.version' },
      { key: 'not-valid', field: 'body.2.version' },
    ]);
  });

  it('a language the current version was not published in is not-valid', () => {
    expect(
      invalidAcceptances(
        [{ documentType: 'terms-of-use', version: '5', lang: 'nl' }],
        [doc('terms-of-use', 5, 'fr')],
      ),
    ).toEqual([{ key: 'not-valid', field: 'body.0.version' }]);
  });
});
