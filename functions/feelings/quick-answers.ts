import type { QuickAnswerPlace } from '@shared/contracts/feelings';
import type { Language } from '@shared/contracts/headers';
import { textIn, visibleName } from '@shared/domain/sessions';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { findSession, mayContributeIn, type SessionItem } from '../sessions';
import { findSphere, isSphereLinkCode, membershipIn, sphereLinkCode, type SphereItem } from '../spheres';

/**
 * Quick-answer links (spec 01 §2, the good/bad quick-answer page): a sphere's or session's admins
 * share a link (a poster's QR code, a message) that opens two faces; the code it carries is made
 * from the sphere's secret and what the link names, so a feeling recorded through it is known to
 * come from that link. The code opens nothing by itself: recording still needs membership.
 */

/** What a link names: `sphere:<id>` or `session:<id>`, the subject of its code. */
const named = (place: { sphereId?: string | undefined; sessionId?: string | undefined }) =>
  place.sessionId !== undefined ? `session:${place.sessionId}` : `sphere:${place.sphereId ?? ''}`;

/** GET …/quick-answer-links/spheres/{sphereId}: the code of the sphere's link. */
export async function sphereQuickAnswerLink(sphereId: string) {
  const validationCode = await sphereLinkCode(sphereId, named({ sphereId }));
  if (!validationCode) throw new NotFoundError();
  return { validationCode };
}

/** GET …/quick-answer-links/sessions/{sessionId}: the code of the session's link. */
export async function sessionQuickAnswerLink(sessionId: string) {
  const session = await findSession(sessionId);
  if (!session) throw new NotFoundError();
  const validationCode = await sphereLinkCode(session.sphereId, named({ sessionId }));
  if (!validationCode) throw new NotFoundError();
  return { validationCode };
}

/**
 * The sphere (and session) a link's code belongs to, read once, when the code is right for what
 * it names; otherwise `invalid-link` (the page says so and goes to the root).
 */
export async function linkedPlace(place: {
  sphereId?: string | undefined;
  sessionId?: string | undefined;
  validationCode: string;
}): Promise<{ sphere: SphereItem; session: SessionItem | null }> {
  const session = place.sessionId !== undefined ? await findSession(place.sessionId) : null;
  const sphereId = place.sessionId !== undefined ? session?.sphereId : place.sphereId;
  const sphere = sphereId !== undefined ? await findSphere(sphereId) : null;
  if (!sphere || !isSphereLinkCode(sphere, named(place), place.validationCode))
    throw new BadRequestError('invalid-link');
  return { sphere, session };
}

/** POST /v1/feelings/quick-answers/check: where a link records feelings, and whether the caller may. */
export async function checkQuickAnswer(
  userId: string,
  body: { sphereId?: string | undefined; sessionId?: string | undefined; validationCode: string },
  language: Language,
): Promise<QuickAnswerPlace> {
  const { sphere, session } = await linkedPlace(body);
  if (session) {
    const contributes = await mayContributeIn(userId, session.sessionId);
    return {
      sphereId: sphere.sphereId,
      sessionId: session.sessionId,
      name: textIn(visibleName(session, false), language),
      contributes: contributes !== null,
    };
  }
  const membership = await membershipIn(userId, sphere.sphereId);
  return {
    sphereId: sphere.sphereId,
    name: sphere.name,
    contributes: (membership?.active ?? false) && membership?.roles.includes('contributor') === true,
  };
}
