import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The open tab of a page kept in its address (`?tab=…`, spec 01 §2: sphere settings take
 * `tab=strategy`), so a tab can be linked to and survives a reload. An unknown value opens the first
 * tab; choosing a tab replaces the address rather than adding a history entry.
 */
export function useTabParam<T extends string>(tabs: readonly T[]): [T, (tab: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const current = tabs.find((t) => t === asked) ?? (tabs[0] as T);
  const choose = useCallback(
    (tab: string | null) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (!tab || tab === tabs[0]) next.delete('tab');
          else next.set('tab', tab);
          return next;
        },
        { replace: true },
      );
    },
    [setParams, tabs],
  );
  return [current, choose];
}
