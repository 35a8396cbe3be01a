import { Suspense } from 'react';
import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { subject } from '@casl/ability';
import { useAbility } from '../lib/ability';
import { useIsSignedIn } from '../lib/auth';
import { navigationGroups } from '../lib/navigation-groups';
import { NAVIGATION } from './features';

/**
 * The main navigation under the top bar, signed in only: the current page is marked for screen
 * readers (aria-current) and by sight with bold text and an underline, not by colour alone. It
 * wraps on narrow screens instead of being cut off. The groups features add (`navigation-groups.ts`)
 * follow the entries; each shows itself only when it applies.
 */
export function MainNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const signedIn = useIsSignedIn();
  const ability = useAbility(signedIn.data === true);
  // An entry's right must hold without conditions: the admin of one sphere does not see the list of
  // every sphere (spec 01 §6 menu rules: admin entries need manage).
  const entries = NAVIGATION.filter(
    (e) => !e.ability || ability.can(e.ability.action, subject(e.ability.subject, {})),
  );
  if (signedIn.data !== true || entries.length < 2) return null;
  return (
    <nav aria-label={t('nav.label')} className="no-print" data-testid="main-nav">
      <Group gap="md" mb="md" wrap="wrap">
        {entries.map((entry) => {
          const current = pathname === entry.path;
          return (
            <Anchor
              key={entry.path}
              component={Link}
              to={entry.path}
              aria-current={current ? 'page' : undefined}
              fw={current ? 700 : 500}
              underline={current ? 'always' : 'hover'}
              data-testid={`nav-${entry.labelKey.split('.').pop() ?? ''}`}
            >
              {t(entry.labelKey)}
            </Anchor>
          );
        })}
        {navigationGroups().map(({ id, component: NavigationGroup }) => (
          <Suspense key={id} fallback={null}>
            <NavigationGroup />
          </Suspense>
        ))}
      </Group>
    </nav>
  );
}
