import type { QuickAnswerPlace } from '../../shared/contracts/feelings';
import type { Language } from '../../shared/contracts/headers';
import { textIn, visibleName } from '../../shared/domain/sessions';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { findSession, mayContributeIn } from '../sessions';
import { findSphere, isSphereLinkCode, membershipIn, sphereLinkCode } from '../spheres';

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
 * The sphere a link's code belongs to, when the code is right for what it names; otherwise
 * `invalid-link` (the page says so and goes to the root).
 */
export async function linkedSphere(place: {
  sphereId?: string | undefined;
  sessionId?: string | undefined;
  validationCode: string;
}): Promise<string> {
  let sphereId = place.sphereId;
  if (place.sessionId !== undefined) sphereId = (await findSession(place.sessionId))?.sphereId;
  if (sphereId === undefined || (place.sessionId === undefined && place.sphereId !== sphereId))
    throw new BadRequestError('invalid-link');
  if (!(await isSphereLinkCode(sphereId, named(place), place.validationCode)))
    throw new BadRequestError('invalid-link');
  return sphereId;
}

/** POST /v1/feelings/quick-answers/check: where a link records feelings, and whether the caller may. */
export async function checkQuickAnswer(
  userId: string,
  body: { sphereId?: string | undefined; sessionId?: string | undefined; validationCode: string },
  language: Language,
): Promise<QuickAnswerPlace> {
  const sphereId = await linkedSphere(body);
  if (body.sessionId !== undefined) {
    const [session, contributes] = await Promise.all([
      findSession(body.sessionId),
      mayContributeIn(userId, body.sessionId),
    ]);
    if (!session) throw new BadRequestError('invalid-link');
    return {
      sphereId,
      sessionId: body.sessionId,
      name: textIn(visibleName(session, false), language),
      contributes: contributes !== null,
    };
  }
  const [sphere, membership] = await Promise.all([findSphere(sphereId), membershipIn(userId, sphereId)]);
  if (!sphere) throw new BadRequestError('invalid-link');
  return {
    sphereId,
    name: sphere.name,
    contributes: (membership?.active ?? false) && membership?.roles.includes('contributor') === true,
  };
}
