import type { FormPlace } from '@shared/contracts/forms';
import type { Me, SessionSummary } from '@shared/contracts/me';

/** Where a form comes from, in words: "Sphere" or "Sphere · Group", from the start call's names. */
export function placeName(
  place: FormPlace,
  me: Me | undefined,
  mySessions: readonly SessionSummary[] = [],
): string {
  const session = place.sessionId ? mySessions.find((s) => s.id === place.sessionId) : undefined;
  const sphereName =
    me?.spheres.find((s) => s.id === place.sphereId)?.name ?? session?.sphereName ?? place.sphereId;
  if (!place.sessionId) return sphereName;
  return `${sphereName} · ${session?.name ?? place.sessionId}`;
}

/** Whether the caller holds Essentials: the centre is theirs everywhere (spec 01 §1). */
export function holdsEssentials(me: Me | undefined): boolean {
  return me !== undefined && !me.profile.isGuest && me.ability.subscription !== 'starter';
}
