import type { Language } from '@shared/contracts/headers';

/**
 * What a feelings report covers (spec 02 §2 reports): a whole sphere, for its admins, or one of its
 * groups (a session), for the group's members alone (§6 group-report exception). Either may be
 * narrowed to the people under one or two of the sphere's tags.
 */
export type ReportTarget =
  | {
      kind: 'sphere';
      id: string;
      sphereId: string;
      name: string;
      /** The sphere's language, the one its tags are always named in. */
      primary: Language;
      /** A study programme says that anonymity is not guaranteed before its report answers. */
      studyProgramme: boolean;
    }
  | { kind: 'session'; id: string; sphereId: string; name: string; primary?: Language | undefined };
