import { Suspense, useMemo, useRef } from 'react';
import { Anchor, Button, Card, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { Session } from '@shared/contracts/sessions';
import { textIn } from '@shared/domain/sessions';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { notifySuccess } from '../../components/notify';
import { useAbility } from '../../lib/ability';
import { currentLanguage } from '../../i18n';
import { useSphere } from './api/spheres';
import { useDeleteSession, useSphereSessions, useUpdateSession } from './api/sessions';
import { QuickAnswerLink, SessionJoinLink } from './join-link';
import { sessionPath, spherePath } from './paths';
import { SessionForm } from './session-form';
import { useSessionTagChoices } from './api/tags';
import { tagName } from '@shared/domain/tags';
import { SessionMembers } from './session-members';
import { ThinkingAxesEditor } from './thinking-axes';
import { DEFAULT_THINKING_GROUP } from '@shared/domain/thinkings';
import { SessionNotAllowed, WithSession } from './session-page';
import { settingsTabs } from '../../lib/place-extensions';
import { useTabParam } from '../../lib/use-tab-param';
import { refreshSphereLicences } from '../../lib/licences';

/**
 * A session's settings (spec 01 §2 `/apps/sessions/{sessionId}/settings`), for those with `put` on
 * it: its names and place in the tree, its members, its join link; and for those who may delete it,
 * deleting it after a confirmation (its sub-groups move up).
 */
export default function SessionSettingsPage() {
  return <WithSession>{(session) => <SessionSettings s={session} />}</WithSession>;
}

const SESSION_SETTINGS_TABS = ['general', 'members', 'thinking', 'link'] as const;

function SessionSettings({ s }: { s: Session }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const navigate = useNavigate();
  const on = subject('session', { sessionId: s.id, sphereId: s.sphereId });
  const canArrange = ability.can('post', subject('session', { sphereId: s.sphereId }));
  // The plan and modules take the sphere's licences: its admins give them (decision 0050).
  const givesLicences = ability.can('manage', subject('sphere', { sphereId: s.sphereId }));
  const queryClient = useQueryClient();
  const sphere = useSphere(s.sphereId);
  const tagChoices = useSessionTagChoices(
    s.sphereId,
    s.category,
    ability.can('get', subject('sphere-tag', { sphereId: s.sphereId })),
    (tag) => tagName(tag.name, currentLanguage(), sphere.data?.languages.primary),
  );
  const siblings = useSphereSessions(s.sphereId, canArrange);
  const update = useUpdateSession(s.id);
  const remove = useDeleteSession(s.id);
  // Tabs other features add (the group's strategy), after the page's own.
  const extraTabs = useMemo(() => settingsTabs('session'), []);
  const tabIds = useMemo(() => [...SESSION_SETTINGS_TABS, ...extraTabs.map((x) => x.id)], [extraTabs]);
  const [tab, setTab] = useTabParam(tabIds);
  const generalTab = useRef<HTMLButtonElement>(null);
  const openGeneralTab = () => {
    setTab('general');
    window.setTimeout(() => generalTab.current?.focus(), 0);
  };
  const name = textIn(s.name, currentLanguage());
  const removal = useConfirmedRemoval({
    remove: () => remove.mutateAsync(),
    title: t('groups.delete.confirmTitle', { name }),
    message: <Text size="sm">{t('groups.delete.message')}</Text>,
    confirmLabel: t('groups.delete.confirm'),
    cancelLabel: t('groups.delete.keep'),
    success: { key: 'groups.delete.done', values: { name } },
    onRemoved: () => void navigate(spherePath(s.sphereId)),
    testId: 'session-delete',
  });
  if (!ability.can('put', on)) return <SessionNotAllowed />;
  const languages = sphere.data?.languages ?? { primary: currentLanguage(), extras: [] };

  return (
    <Stack maw={860}>
      <Anchor component={Link} to={sessionPath(s.id)} size="sm">
        {t('groups.settings.back', { name })}
      </Anchor>
      <Title order={1}>{t('groups.settings.title', { name })}</Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="general" ref={generalTab} data-testid="session-tab-general">
            {t('groups.settings.tabs.general')}
          </Tabs.Tab>
          <Tabs.Tab value="members" data-testid="session-tab-members">
            {t('groups.settings.tabs.members')}
          </Tabs.Tab>
          <Tabs.Tab value="thinking" data-testid="session-tab-thinking">
            {t('groups.settings.tabs.thinking')}
          </Tabs.Tab>
          <Tabs.Tab value="link" data-testid="session-tab-link">
            {t('groups.settings.tabs.link')}
          </Tabs.Tab>
          {extraTabs.map((extra) => (
            <Tabs.Tab key={extra.id} value={extra.id} data-testid={`session-tab-${extra.id}`}>
              {t(extra.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="general" pt="md">
          {sphere.isPending || (canArrange && siblings.isPending) ? (
            <Skeleton height={300} />
          ) : (
            <SessionForm
              key={s.updateDate}
              languages={languages}
              category={s.category}
              session={s}
              sessions={siblings.data?.items ?? []}
              canArrange={canArrange}
              tagChoices={tagChoices}
              plan={givesLicences ? { sphereId: s.sphereId } : undefined}
              pending={update.isPending}
              error={update.error}
              submitLabel={t('groups.settings.save')}
              onSubmit={(body) =>
                update.mutate(
                  {
                    ...body,
                    // Without the plan field, the plan is kept (and the modules, left out).
                    subscription: body.subscription ?? s.subscription,
                    ...(s.childNumber !== undefined ? { childNumber: s.childNumber } : {}),
                    updateDate: s.updateDate,
                  },
                  {
                    onSuccess: () => notifySuccess('groups.settings.saved'),
                    // What is left of the licences is read again, taken or refused.
                    onSettled: () => givesLicences && void refreshSphereLicences(queryClient, s.sphereId),
                  },
                )
              }
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="members" pt="md">
          <SessionMembers session={s} />
        </Tabs.Panel>
        <Tabs.Panel value="thinking" pt="md">
          <ThinkingAxesEditor
            owner={{ scope: 'session', sessionId: s.id, groupId: DEFAULT_THINKING_GROUP }}
            testId="session-axes"
          />
        </Tabs.Panel>
        <Tabs.Panel value="link" pt="md">
          <Stack gap="xl">
            {s.isPublic ? (
              <SessionJoinLink sessionId={s.id} sessionName={name} />
            ) : (
              <Text size="sm" c="dimmed" data-testid="session-link-closed">
                {t('groups.link.closed')}
              </Text>
            )}
            {s.category === 'contributor' && <QuickAnswerLink place={{ sessionId: s.id }} name={name} />}
          </Stack>
        </Tabs.Panel>
        {extraTabs.map(({ id, component: Extra }) => (
          <Tabs.Panel key={id} value={id} pt="md">
            <Suspense fallback={<Skeleton height={160} />}>
              <Extra place={{ kind: 'session', session: s }} openGeneralTab={openGeneralTab} />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
      {ability.can('delete', on) && (
        <Card withBorder component="section" aria-labelledby="session-delete-title">
          <Title order={2} size="h4" id="session-delete-title" mb="xs">
            {t('groups.delete.title')}
          </Title>
          <Text size="sm" mb="sm">
            {t('groups.delete.intro')}
          </Text>
          <Button color="red" variant="light" onClick={() => removal.ask()} data-testid="session-delete-open">
            {t('groups.delete.open')}
          </Button>
        </Card>
      )}
      {removal.dialog}
    </Stack>
  );
}
