import type { Tokens } from '../harness';

/** A signed-in user of the route matrix. */
export interface Person {
  tokens: Tokens;
  userId: string;
  email: string;
  /** A sphere the person is the admin of (created before the matrix runs). */
  sphereId?: string;
  /** Its name, which must never reach anyone else. */
  sphereName?: string;
  /** A group of that sphere the person owns and is a member of. */
  sessionId?: string;
  /** Its real name, which must never reach anyone outside the group but the sphere's admins. */
  sessionName?: string;
  /** A campaign of that sphere with one cycle (created before the matrix runs). */
  campaignId?: string;
  cycleId?: string;
  /** A galaxy the person administers, holding their sphere. */
  galaxyId?: string;
}

/**
 * How to call one route in the matrix, aimed at the owner's data: its path parameters (userId and
 * email default to the owner's), its query and a valid body.
 */
export type Example = (owner: Person) => {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
};
