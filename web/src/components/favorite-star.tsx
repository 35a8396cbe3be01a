import { ActionIcon, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { updateFavorites } from '@shared/contracts/profile';
import { notifyError } from './notify';
import { callApi } from '../lib/api';
import { setMe, useMe } from '../lib/me';

type Kind = 'sphere' | 'session' | 'galaxy';
const FIELD = {
  sphere: 'favoriteSphereIds',
  session: 'favoriteSessionIds',
  galaxy: 'favoriteGalaxyIds',
} as const satisfies Record<Kind, string>;

/** Saves the starred spheres, sessions or galaxies; the answer is the new profile. */
function useFavorites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<Record<(typeof FIELD)[Kind], string[]>>) => callApi(updateFavorites, { body }),
    onSuccess: (profile) => setMe(queryClient, (me) => ({ ...me, profile })),
    onError: (error) => notifyError(error),
  });
}

/**
 * The favourite star of a sphere, a session or a galaxy (spec 01 §2 session card: favourite star): a toggle
 * button whose state is said (`aria-pressed`) and drawn filled or hollow, never by colour alone.
 * Favourites come first on home and in the context switcher.
 */
export function FavoriteStar({ kind, id, name }: { kind: Kind; id: string; name: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const save = useFavorites();
  const profile = me.data?.profile;
  if (!profile) return null;
  const list = profile[FIELD[kind]] ?? [];
  const on = list.includes(id);
  const next = on ? list.filter((x) => x !== id) : [...list, id];
  const label = t(on ? 'common.favorite.remove' : 'common.favorite.add', { name });
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="yellow.8"
        aria-label={label}
        aria-pressed={on}
        loading={save.isPending}
        onClick={() => save.mutate({ [FIELD[kind]]: next })}
        data-testid={`favorite-${kind}`}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
            fill={on ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </ActionIcon>
    </Tooltip>
  );
}
