import { useMemo } from 'react';
import { buildAbility, type AppAbility } from '../../../shared/domain/ability';
import { useMe } from './me';

/** The caller's ability, from the rules the start call returned (the ones the server enforces). */
export function useAbility(): AppAbility {
  const me = useMe();
  const rules = me.data?.ability.rules;
  return useMemo(() => buildAbility(rules ?? []), [rules]);
}
