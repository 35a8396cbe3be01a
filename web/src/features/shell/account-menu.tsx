import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Me } from '@shared/contracts/me';
import { overlayOpensFor, overlaySearch } from '../../lib/overlays';
import { currentLanguage } from '../../i18n';
import { accountMenuEntries } from './account-menu-entries';
import { appVersion, supportEmail } from './build-info';
import { setSuperAdminMode } from './super-admin';

/**
 * The account (settings) menu of the top bar: entries in the spec's order, only those that
 * exist for this user, the super-admin toggle when allowed, and the app version.
 */
export function AccountMenu({
  me,
  onSignOut,
  onSignOutEverywhere,
  superAdmin,
}: {
  me: Me | undefined;
  onSignOut: () => void;
  onSignOutEverywhere: () => void;
  superAdmin: { visible: boolean; on: boolean };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const isGuest = me?.profile.isGuest ?? false;
  const shown = me?.profile.firstName || t('shell.account.title');
  const entries = accountMenuEntries({
    isGuest,
    opens: (name) => overlayOpensFor(name, isGuest),
    legalConsents: me?.legalConsents ?? [],
    language: currentLanguage(),
    supportEmail: supportEmail(),
  });

  return (
    <Menu position="bottom-end" withinPortal trapFocus returnFocus withInitialFocusPlaceholder={false}>
      <Menu.Target>
        {/* The name begins with the visible text (WCAG 2.5.3, label in name), then says what opens. */}
        <Button
          variant="default"
          size="xs"
          data-testid="account-menu"
          aria-label={`${shown}, ${t('shell.account.label')}`}
        >
          {shown}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="account-menu-dropdown">
        {entries.map((entry) => {
          const testId = `menu-${entry.id}`;
          if (entry.kind === 'overlay')
            return (
              <Menu.Item
                key={entry.id}
                data-testid={testId}
                onClick={() =>
                  void navigate({
                    pathname: location.pathname,
                    search: overlaySearch(location.search, entry.overlay),
                  })
                }
              >
                {t(entry.labelKey)}
              </Menu.Item>
            );
          if (entry.kind === 'link') {
            const external = !entry.href.startsWith('mailto:');
            return (
              <Menu.Item
                key={entry.id}
                component="a"
                href={entry.href}
                data-testid={testId}
                {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {t(entry.labelKey)}
              </Menu.Item>
            );
          }
          return (
            <Menu.Item
              key={entry.id}
              data-testid={testId}
              onClick={entry.kind === 'logout' ? onSignOut : onSignOutEverywhere}
            >
              {t(entry.labelKey)}
            </Menu.Item>
          );
        })}
        {superAdmin.visible && (
          <>
            <Menu.Divider />
            <Menu.Item data-testid="menu-super-admin" onClick={() => setSuperAdminMode(!superAdmin.on)}>
              {t(superAdmin.on ? 'shell.account.superAdminOff' : 'shell.account.superAdminOn')}
            </Menu.Item>
          </>
        )}
        <Menu.Divider />
        <Menu.Label data-testid="app-version">
          {t('shell.account.version', { version: appVersion() })}
        </Menu.Label>
      </Menu.Dropdown>
    </Menu>
  );
}
