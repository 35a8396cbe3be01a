import { useCallback, useState } from 'react';
import type { LegalConsent } from '@shared/contracts/me';

type DocumentRef = Pick<LegalConsent, 'documentType' | 'version'>;

/** One legal document version, as a checkbox key. */
export const consentKey = (c: DocumentRef) => `${c.documentType}:${c.version}`;

/** The legal documents a form has ticked: the consent gate and the guest registration share it. */
export function useTickedDocuments() {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((key: string, checked: boolean) => {
    setTicked((previous) => {
      const next = new Set(previous);
      if (checked) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const allTicked = useCallback(
    (documents: readonly DocumentRef[]) => documents.every((c) => ticked.has(consentKey(c))),
    [ticked],
  );
  return { ticked, toggle, allTicked };
}
