import { Suspense, useMemo, useRef } from 'react';
import { Anchor, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifySuccess } from '../../components/notify';
import { useAbility } from '../../lib/ability';
import { settingsTabs } from '../../lib/place-extensions';
import { useTabParam } from '../../lib/use-tab-param';
import { useUpdateSphere } from './api/spheres';
import { spherePath } from './paths';
import { QuickAnswerLink, SphereJoinLink } from './join-link';
import { MembersList } from './members-list';
import { TagsList } from './tags-list';
import { TagRules } from './tag-rules';
import { ContextsList } from './contexts-list';
import { SphereForm } from './sphere-form';
import { ThinkingAxesEditor } from './thinking-axes';
import { SphereNotAllowed, StudyProgramNotice, WithSphere } from './sphere-page';
import type { Sphere } from '@shared/contracts/spheres';

/**
 * A sphere's settings (spec 01 §2 `/apps/spheres/{sphereId}/settings`), for those with `put` on
 * it: the general settings, and the subscription's figures, read-only until licences exist.
 */
export default function SphereSettingsPage() {
  return <WithSphere>{(sphere) => <SphereSettings s={sphere} />}</WithSphere>;
}

const SPHERE_SETTINGS_TABS = [
  'admin',
  'members',
  'contributors',
  'consumers',
  'tags',
  'rules',
  'link',
  'subscription',
  'context',
] as const;

function SphereSettings({ s }: { s: Sphere }) {
  const { t } = useTranslation();
  const update = useUpdateSphere(s.id);
  const ability = useAbility();
  // Tabs other features add (the strategy, spec 01 §2 `tab=strategy`), after the page's own.
  const extraTabs = useMemo(() => settingsTabs('sphere'), []);
  const tabIds = useMemo(() => [...SPHERE_SETTINGS_TABS, ...extraTabs.map((x) => x.id)], [extraTabs]);
  const [tab, setTab] = useTabParam(tabIds);
  const generalTab = useRef<HTMLButtonElement>(null);
  const openGeneralTab = () => {
    setTab('admin');
    // The tab that opens keeps the keyboard where the person is: on it, the panel next.
    window.setTimeout(() => generalTab.current?.focus(), 0);
  };
  if (!ability.can('put', subject('sphere', { sphereId: s.id }))) return <SphereNotAllowed />;

  return (
    <Stack maw={860}>
      <Anchor component={Link} to={spherePath(s.id)} size="sm">
        {t('spheres.settings.back', { name: s.name })}
      </Anchor>
      <Title order={1}>{t('spheres.settings.title', { name: s.name })}</Title>
      <StudyProgramNotice sphere={s} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="admin" ref={generalTab} data-testid="settings-tab-admin">
            {t('spheres.settings.tabs.admin')}
          </Tabs.Tab>
          <Tabs.Tab value="members" data-testid="settings-tab-members">
            {t('spheres.settings.tabs.members')}
          </Tabs.Tab>
          <Tabs.Tab value="contributors" data-testid="settings-tab-contributors">
            {t('spheres.settings.tabs.contributors')}
          </Tabs.Tab>
          <Tabs.Tab value="consumers" data-testid="settings-tab-consumers">
            {t('spheres.settings.tabs.consumers')}
          </Tabs.Tab>
          <Tabs.Tab value="tags" data-testid="settings-tab-tags">
            {t('spheres.settings.tabs.tags')}
          </Tabs.Tab>
          <Tabs.Tab value="rules" data-testid="settings-tab-rules">
            {t('spheres.settings.tabs.rules')}
          </Tabs.Tab>
          <Tabs.Tab value="link" data-testid="settings-tab-link">
            {t('spheres.settings.tabs.link')}
          </Tabs.Tab>
          <Tabs.Tab value="subscription" data-testid="settings-tab-subscription">
            {t('spheres.settings.tabs.subscription')}
          </Tabs.Tab>
          <Tabs.Tab value="context" data-testid="settings-tab-context">
            {t('spheres.settings.tabs.context')}
          </Tabs.Tab>
          {extraTabs.map((extra) => (
            <Tabs.Tab key={extra.id} value={extra.id} data-testid={`settings-tab-${extra.id}`}>
              {t(extra.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="admin" pt="md">
          <SphereForm
            // A saved answer starts a fresh form on the new values (and the new updateDate).
            key={s.updateDate}
            sphere={s}
            pending={update.isPending}
            error={update.error}
            submitLabel={t('spheres.settings.save')}
            onSubmit={(body) =>
              update.mutate(
                { ...body, updateDate: s.updateDate },
                { onSuccess: () => notifySuccess('spheres.settings.saved') },
              )
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="members" pt="md">
          <MembersList
            sphereId={s.id}
            salesUp={s.entitlements.salesUp.active}
            primary={s.languages.primary}
            lowSecurity={s.lowSecurityAccessOptions.enabled}
          />
        </Tabs.Panel>
        <Tabs.Panel value="contributors" pt="md">
          <ThinkingAxesEditor
            owner={{ scope: 'sphere', sphereId: s.id, category: 'contributor' }}
            testId="sphere-axes-contributor"
          />
        </Tabs.Panel>
        <Tabs.Panel value="consumers" pt="md">
          <ThinkingAxesEditor
            owner={{ scope: 'sphere', sphereId: s.id, category: 'consumer' }}
            testId="sphere-axes-consumer"
          />
        </Tabs.Panel>
        <Tabs.Panel value="tags" pt="md">
          <TagsList sphereId={s.id} primary={s.languages.primary} />
        </Tabs.Panel>
        <Tabs.Panel value="rules" pt="md">
          <TagRules sphereId={s.id} primary={s.languages.primary} />
        </Tabs.Panel>
        <Tabs.Panel value="context" pt="md">
          <ContextsList sphereId={s.id} primary={s.languages.primary} />
        </Tabs.Panel>
        <Tabs.Panel value="link" pt="md">
          <Stack gap="xl">
            <SphereJoinLink sphereId={s.id} sphereName={s.name} />
            <QuickAnswerLink place={{ sphereId: s.id }} name={s.name} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="subscription" pt="md">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('spheres.settings.subscriptionIntro')}
            </Text>
            <Table data-testid="sphere-limits" withTableBorder maw={480}>
              <Table.Tbody>
                {(['members', 'groups', 'tags'] as const).map((limit) => (
                  <Table.Tr key={limit}>
                    <Table.Th scope="row">{t(`spheres.settings.limits.${limit}`)}</Table.Th>
                    <Table.Td>{s.limits[limit]}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Th scope="row">{t('spheres.settings.engagementUp')}</Table.Th>
                  <Table.Td>
                    {t(
                      s.entitlements.engagementUp.active
                        ? 'spheres.settings.active'
                        : 'spheres.settings.inactive',
                    )}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('spheres.settings.salesUp')}</Table.Th>
                  <Table.Td>
                    {t(
                      s.entitlements.salesUp.active ? 'spheres.settings.active' : 'spheres.settings.inactive',
                    )}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Stack>
        </Tabs.Panel>
        {extraTabs.map(({ id, component: Extra }) => (
          <Tabs.Panel key={id} value={id} pt="md">
            <Suspense fallback={<Skeleton height={160} />}>
              <Extra place={{ kind: 'sphere', sphere: s }} openGeneralTab={openGeneralTab} />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
