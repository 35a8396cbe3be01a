import { useMemo } from 'react';
import { buildAbility, type AppAbility } from '@shared/domain/ability';
import { useMe } from './me';

/**
 * The caller's ability, from the rules the start call returned (the ones the server enforces);
 * `enabled: false` while nobody is signed in (no rules: nothing allowed).
 */
export function useAbility(enabled = true): AppAbility {
  const me = useMe(enabled);
  const rules = me.data?.ability.rules;
  return useMemo(() => buildAbility(rules ?? []), [rules]);
}
