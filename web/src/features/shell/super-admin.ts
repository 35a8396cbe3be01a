import { useQuery } from '@tanstack/react-query';
import { HEADER_LANGUAGE, HEADER_SOURCE, HEADER_SUPER_ADMIN } from '../../../../shared/contracts/headers';
import { AbilitySchema, getMe, type AbilityRule } from '../../../../shared/contracts/me';
import { currentLanguage } from '../../i18n';
import { SUPER_ADMIN_STORAGE_KEY } from '../../lib/api';
import { getAccessToken } from '../../lib/auth';
import { getConfig } from '../../lib/config';

export function superAdminModeOn(): boolean {
  try {
    return window.localStorage.getItem(SUPER_ADMIN_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

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
 * and tells whether the answer grants everything. Only the ability part of the answer is read.
 */
async function probeSuperAdmin(signal: AbortSignal): Promise<boolean> {
  const token = await getAccessToken();
  if (!token) return false;
  const response = await fetch(getConfig().apiUrl + getMe.path, {
    headers: {
      accept: 'application/json',
      authorization: token,
      [HEADER_LANGUAGE]: currentLanguage(),
      [HEADER_SOURCE]: 'web',
      [HEADER_SUPER_ADMIN]: 'true',
    },
    signal,
  });
  if (!response.ok) return false;
  const body = (await response.json()) as { ability?: unknown };
  const ability = AbilitySchema.safeParse(body.ability);
  return ability.success && grantsEverything(ability.data.rules);
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
