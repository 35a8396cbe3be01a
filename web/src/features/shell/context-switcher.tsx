import { useState } from 'react';
import { Button, Loader, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Me } from '@shared/contracts/me';
import { HOME_PATH } from '../../lib/routes';
import { sessionsOf, useMySessions } from '../../lib/me';

interface Named {
  id: string;
  name: string;
}

/** Favourites first, each group otherwise in the server's order. */
export function favouritesFirst<T extends Named>(items: readonly T[], favouriteIds: readonly string[]): T[] {
  const favourite = (item: T) => favouriteIds.includes(item.id);
  return [...items.filter(favourite), ...items.filter((i) => !favourite(i))];
}

/**
 * The context switcher (spec 01 §2): myself, then the member's sessions, spheres and galaxies,
 * favourites first. With no sphere yet it says so instead of offering empty groups. Closed, it
 * needs only the start call; the groups (`GET /v1/me/sessions`) are read once it is opened, a
 * loader standing in their place meanwhile (decision 0055).
 */
export function ContextSwitcher({ me }: { me: Me | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const mine = useMySessions(me !== undefined && opened);
  const sessions = favouritesFirst(sessionsOf(mine.data), me?.profile.favoriteSessionIds ?? []);
  const spheres = favouritesFirst(me?.spheres ?? [], me?.profile.favoriteSphereIds ?? []);
  const galaxies = favouritesFirst(me?.galaxies ?? [], me?.profile.favoriteGalaxyIds ?? []);
  const group = (labelKey: string, items: Named[], path: (id: string) => string) =>
    items.length > 0 && (
      <>
        <Menu.Label>{t(labelKey)}</Menu.Label>
        {items.map((item) => (
          <Menu.Item key={item.id} onClick={() => void navigate(path(item.id))}>
            {item.name}
          </Menu.Item>
        ))}
      </>
    );

  return (
    <Menu
      position="bottom-start"
      withinPortal
      trapFocus
      withInitialFocusPlaceholder={false}
      opened={opened}
      onChange={setOpened}
    >
      <Menu.Target>
        {/* The name begins with the visible text (WCAG 2.5.3, label in name), then says what opens. */}
        <Button
          variant="subtle"
          size="xs"
          data-testid="context-switcher"
          aria-label={`${t('shell.context.myself')}, ${t('shell.context.label')}`}
        >
          {t('shell.context.myself')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="context-switcher-dropdown">
        <Menu.Item data-testid="context-myself" onClick={() => void navigate(HOME_PATH)}>
          {t('shell.context.myself')}
        </Menu.Item>
        {mine.isPending ? (
          <>
            <Menu.Label>{t('shell.context.sessions')}</Menu.Label>
            <Menu.Item
              disabled
              data-testid="context-sessions-loading"
              leftSection={<Loader size="xs" aria-hidden />}
              aria-busy
            >
              {t('shell.context.loadingSessions')}
            </Menu.Item>
          </>
        ) : (
          group('shell.context.sessions', sessions, (id) => `/apps/sessions/${encodeURIComponent(id)}`)
        )}
        {group('shell.context.spheres', spheres, (id) => `/apps/spheres/${encodeURIComponent(id)}`)}
        {group('shell.context.galaxies', galaxies, (id) => `/apps/galaxy/${encodeURIComponent(id)}/quotas`)}
        {spheres.length === 0 && (
          <Menu.Item disabled data-testid="context-no-sphere">
            {t('shell.context.noSphere')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
