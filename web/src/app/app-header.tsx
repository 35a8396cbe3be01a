import { useState } from 'react';
import { ActionIcon, Anchor, Box, Button, Group, Text, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Logo } from '../components/logo';
import { Link, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { SignOutEverywhereDialog } from '../features/account';
import { LeaveGuestDialog } from '../features/guests';
import { AccountMenu, ContextSwitcher, useSuperAdminToggle } from '../features/shell';
import { useIsSignedIn } from '../lib/auth';
import { useMe } from '../lib/me';
import { hasOverlay, overlaySearch } from '../lib/overlays';
import { LOGIN_PATH } from '../lib/routes';
import { signOutHere } from '../lib/sign-out';

/** Overlay of the feeling flow; its shortcut appears once a feature registers it. */
export const FEELING_OVERLAY = 'feeling';
export const GALAXIES_PATH = '/apps/galaxies';

function ReloadIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
      <path d="M21 3v5h-5" />
    </svg>
  );
}

function PlusIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
    >
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

/**
 * The top bar (spec 01 §2): product name, context switcher, galaxies and feeling shortcuts when
 * they exist, reload, language, account menu; signed out, only the name and the language. The
 * sign-out button beside the menu repeats the menu's logout entry on wide screens.
 */
export function AppHeader() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const isSignedIn = signedIn.data === true;
  const me = useMe(isSignedIn);
  const superAdmin = useSuperAdminToggle(isSignedIn);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const isGuest = me.data?.profile.isGuest ?? false;
  const [guestLeaving, setGuestLeaving] = useState(false);
  const [endingEverywhere, setEndingEverywhere] = useState(false);

  async function signOutAndLeave() {
    await signOutHere();
    queryClient.clear();
    await navigate(LOGIN_PATH, { replace: true });
  }

  const openFeeling = () =>
    void navigate({ pathname: location.pathname, search: overlaySearch(location.search, FEELING_OVERLAY) });

  /** A guest's "leave" erases the guest after a confirmation; anyone else just signs out. */
  const onSignOut = () => (isGuest ? setGuestLeaving(true) : void signOutAndLeave());

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <Logo />
          <Text component="span" fw={700} size="lg" data-testid="app-name">
            {t('app.name')}
          </Text>
        </Group>
        {isSignedIn && <ContextSwitcher me={me.data} />}
        {isSignedIn && (me.data?.galaxies.length ?? 0) > 0 && (
          <Anchor
            component={Link}
            to={GALAXIES_PATH}
            size="sm"
            visibleFrom="sm"
            data-testid="galaxies-shortcut"
          >
            {t('shell.galaxies')}
          </Anchor>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {isSignedIn && hasOverlay(FEELING_OVERLAY) && (
          <>
            <Button size="xs" visibleFrom="sm" data-testid="feeling-shortcut" onClick={openFeeling}>
              {t('shell.feeling')}
            </Button>
            <ActionIcon
              size="lg"
              hiddenFrom="sm"
              aria-label={t('shell.feeling')}
              data-testid="feeling-shortcut-compact"
              onClick={openFeeling}
            >
              <PlusIcon />
            </ActionIcon>
          </>
        )}
        {isSignedIn && (
          <Tooltip label={t('shell.reload')}>
            <ActionIcon
              variant="default"
              size="md"
              visibleFrom="sm"
              aria-label={t('shell.reload')}
              data-testid="reload"
              onClick={() => void queryClient.refetchQueries({ type: 'active' })}
            >
              <ReloadIcon />
            </ActionIcon>
          </Tooltip>
        )}
        {/* Signed in on a phone, the language is chosen in the profile: the bar keeps its room. */}
        <Box visibleFrom={isSignedIn ? 'sm' : undefined}>
          <LanguageSwitch />
        </Box>
        {isSignedIn && (
          <AccountMenu
            me={me.data}
            superAdmin={superAdmin}
            onSignOut={onSignOut}
            onSignOutEverywhere={() => setEndingEverywhere(true)}
          />
        )}
        {isSignedIn && (
          <Button variant="default" size="xs" visibleFrom="sm" data-testid="signout" onClick={onSignOut}>
            {t(isGuest ? 'shell.account.leave' : 'header.signOut')}
          </Button>
        )}
        <LeaveGuestDialog opened={guestLeaving} onClose={() => setGuestLeaving(false)} />
        <SignOutEverywhereDialog opened={endingEverywhere} onClose={() => setEndingEverywhere(false)} />
      </Group>
    </Group>
  );
}
