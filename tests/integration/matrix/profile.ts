import type { Example } from './example';

export const examples: Record<string, Example> = {
  updateProfile: () => ({ body: { firstName: 'Matrix', unit: 'metric', locale: 'fr' } }),
  getLegalConsents: () => ({}),
  getLegalDocuments: () => ({}),
  acceptLegalConsents: () => ({ body: [{ documentType: 'terms-of-use', version: '1', lang: 'fr' }] }),
};
