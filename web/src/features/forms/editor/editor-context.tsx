import { createContext, useContext } from 'react';
import type { Language } from '@shared/contracts/headers';

/** What every part of the editor reads: the form's languages and the problems found on fields. */
export interface EditorContextValue {
  languages: readonly Language[];
  /** The message of the first problem on `field` (`steps.0.title`) or inside it. */
  messageFor(field: string): string | undefined;
  /** Whether the person may ask for machine translations (`post` on `translation`). */
  canTranslate: boolean;
}

export const EditorContext = createContext<EditorContextValue>({
  languages: ['fr'],
  messageFor: () => undefined,
  canTranslate: false,
});

export function useEditor(): EditorContextValue {
  return useContext(EditorContext);
}
