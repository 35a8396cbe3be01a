import { useQuery } from '@tanstack/react-query';
import { getMe, type AbilityRule } from '@shared/contracts/me';
import { SUPER_ADMIN_STORAGE_KEY, callApi, superAdminModeOn } from '../../lib/api';

/** Turns the super-admin mode on or off; the page reloads so every query is asked again (spec 01 §2). */
export function setSuperAdminMode(on: boolean, reload: () => void = () => window.location.reload()): void {
  try {
    if (on) window.localStorage.setItem(SUPER_ADMIN_STORAGE_KEY, 'true');
    else window.localStorage.removeItem(SUPER_ADMIN_STORAGE_KEY);
  } catch {
    return;
  }
  reload();
}

const has = <T>(value: T | T[], wanted: T) =>
  Array.isArray(value) ? value.includes(wanted) : value === wanted;

/** A rule granting everything: what the server answers a super-admin asking with the header. */
export function grantsEverything(rules: readonly AbilityRule[]): boolean {
  return rules.some((r) => !r.inverted && !r.conditions && has(r.action, 'manage') && has(r.subject, 'all'));
}

/**
 * Asks GET /v1/me once WITH the super-admin header (the server honours it only for super-admins)
 * and tells whether the answer grants everything. A failed probe offers nothing.
 */
async function probeSuperAdmin(signal: AbortSignal): Promise<boolean> {
  try {
    const me = await callApi(getMe, { signal, superAdmin: true });
    return grantsEverything(me.ability.rules);
  } catch (error) {
    console.warn('The super-admin probe failed; the toggle is not offered.', error);
    return false;
  }
}

/** Whether to offer the super-admin toggle: the mode is on already, or the probe says so. */
export function useSuperAdminToggle(signedIn: boolean): { visible: boolean; on: boolean } {
  const on = superAdminModeOn();
  const probe = useQuery({
    queryKey: ['super-admin-probe'],
    queryFn: ({ signal }) => probeSuperAdmin(signal),
    enabled: signedIn && !on,
    staleTime: Infinity,
    retry: false,
  });
  return { visible: on || probe.data === true, on };
}
