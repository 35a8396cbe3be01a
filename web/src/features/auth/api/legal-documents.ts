import { useQuery } from '@tanstack/react-query';
import {
  acceptLegalConsents as acceptRoute,
  getLegalDocuments as documentsRoute,
  type LegalAcceptance,
} from '@shared/contracts/legal';
import type { LegalConsent } from '@shared/contracts/me';
import { callApi } from '../../../lib/api';

/** GET /legal-documents (no token): the current version of each document, in the screen's language. */
export function useLegalDocuments(enabled: boolean, language: string) {
  return useQuery({
    queryKey: ['legal-documents', language],
    queryFn: ({ signal }) => callApi(documentsRoute, { signal }),
    enabled,
  });
}

/** POST /v1/me/legal-consents with the documents ticked at account creation. */
export function acceptCreationDocuments(items: LegalAcceptance[]): Promise<LegalConsent[]> {
  return callApi(acceptRoute, { body: items });
}
