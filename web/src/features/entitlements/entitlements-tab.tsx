import { useState } from 'react';
import { Alert, Anchor, Button, Group, List, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Sphere } from '@shared/contracts/spheres';
import {
  removedSwitches,
  sameEntitlements,
  switchValue,
  ENTITLEMENT_SWITCHES,
  type EntitlementSwitch,
  type SphereEntitlements,
} from '@shared/domain/entitlements';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifySuccess } from '../../components/notify';
import { useAbility } from '../../lib/ability';
import { errorMessages } from '../../lib/errors';
import type { SettingsTabProps } from '../../lib/place-extensions';
import { useUpdateEntitlements } from './api/entitlements';
import { engagementUpPath, salesUpPath } from './paths';

/** The i18n key of a switch (`entitlements.switches.<key>`). */
const SWITCH_KEYS: Record<EntitlementSwitch, string> = {
  'engagementUp.active': 'engagementUp',
  'engagementUp.campaignTemplatesAvailable': 'campaignTemplates',
  'salesUp.active': 'salesUp',
};

/**
 * The Entitlements tab of a sphere's settings (decision 0047): what the sphere is granted, with the
 * way to its Engagement-Up and Sales-Up pages while they are active; a super-admin in the super-admin
 * mode (`manage` on `sphere-entitlement`, which nobody else holds) also changes them.
 */
export default function EntitlementsTab({ place }: SettingsTabProps) {
  const ability = useAbility();
  if (place.kind !== 'sphere') return null;
  const sphere = place.sphere;
  const mayGrant = ability.can('manage', subject('sphere-entitlement', { sphereId: sphere.id }));
  return (
    <Stack gap="lg" data-testid="entitlements-tab">
      <EntitlementsStatus sphere={sphere} />
      {mayGrant ? (
        // A saved answer starts the editor again on the new values.
        <EntitlementsEditor key={JSON.stringify(sphere.entitlements)} sphere={sphere} />
      ) : (
        <OnlySuperAdmins />
      )}
    </Stack>
  );
}

function OnlySuperAdmins() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" data-testid="entitlements-read-only">
      {t('entitlements.readOnly')}
    </Text>
  );
}

/** What the sphere holds, read-only, and where each section is. */
export function EntitlementsStatus({ sphere }: { sphere: Sphere }) {
  const { t } = useTranslation();
  const { engagementUp, salesUp } = sphere.entitlements;
  const state = (on: boolean) => t(on ? 'entitlements.active' : 'entitlements.inactive');
  return (
    <section aria-labelledby="entitlements-status-title">
      <Title order={2} size="h3" id="entitlements-status-title" mb="xs">
        {t('entitlements.status.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('entitlements.status.intro')}
      </Text>
      <Table withTableBorder maw={640} data-testid="entitlements-status">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t('entitlements.switches.engagementUp.label')}</Table.Th>
            <Table.Td data-testid="entitlements-status-engagementUp">{state(engagementUp.active)}</Table.Td>
            <Table.Td>
              {engagementUp.active && (
                <Anchor component={Link} to={engagementUpPath(sphere.id)} data-testid="engagement-up-link">
                  {t('entitlements.status.openEngagementUp')}
                </Anchor>
              )}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('entitlements.switches.campaignTemplates.label')}</Table.Th>
            <Table.Td data-testid="entitlements-status-campaignTemplates">
              {t(
                engagementUp.active && engagementUp.campaignTemplatesAvailable
                  ? 'entitlements.available'
                  : 'entitlements.unavailable',
              )}
            </Table.Td>
            <Table.Td />
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('entitlements.switches.salesUp.label')}</Table.Th>
            <Table.Td data-testid="entitlements-status-salesUp">{state(salesUp.active)}</Table.Td>
            <Table.Td>
              {salesUp.active && (
                <Anchor component={Link} to={salesUpPath(sphere.id)} data-testid="sales-up-link">
                  {t('entitlements.status.openSalesUp')}
                </Anchor>
              )}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </section>
  );
}

const copy = (e: SphereEntitlements): SphereEntitlements => ({
  engagementUp: { ...e.engagementUp },
  salesUp: { ...e.salesUp },
});

/**
 * The switches, for a super-admin in the super-admin mode. Saving what turns something off asks
 * first, saying what follows; a refusal (`conflict`: changed meanwhile) shows where it was asked.
 */
function EntitlementsEditor({ sphere }: { sphere: Sphere }) {
  const { t } = useTranslation();
  const update = useUpdateEntitlements(sphere.id);
  const [draft, setDraft] = useState<SphereEntitlements>(() => copy(sphere.entitlements));
  const [asking, setAsking] = useState(false);
  const removed = removedSwitches(sphere.entitlements, draft);
  const unchanged = sameEntitlements(sphere.entitlements, draft);
  const save = () =>
    update.mutate(draft, {
      onSuccess: () => {
        setAsking(false);
        notifySuccess('entitlements.editor.saved');
      },
    });
  const toggle = (which: EntitlementSwitch, on: boolean) =>
    setDraft((d) => {
      const next = copy(d);
      if (which === 'engagementUp.active') next.engagementUp.active = on;
      if (which === 'engagementUp.campaignTemplatesAvailable')
        next.engagementUp.campaignTemplatesAvailable = on;
      if (which === 'salesUp.active') next.salesUp.active = on;
      return next;
    });
  return (
    <section aria-labelledby="entitlements-editor-title" data-testid="entitlements-editor">
      <Title order={2} size="h3" id="entitlements-editor-title" mb="xs">
        {t('entitlements.editor.title')}
      </Title>
      <Stack gap="md" maw={640}>
        <Text size="sm" c="dimmed">
          {t('entitlements.editor.intro')}
        </Text>
        {ENTITLEMENT_SWITCHES.map((which) => (
          <Switch
            key={which}
            label={t(`entitlements.switches.${SWITCH_KEYS[which]}.label`)}
            description={t(`entitlements.switches.${SWITCH_KEYS[which]}.description`)}
            checked={switchValue(draft, which)}
            onChange={(event) => toggle(which, event.currentTarget.checked)}
            data-testid={`entitlement-switch-${SWITCH_KEYS[which]}`}
          />
        ))}
        {update.isError && !asking && (
          <Alert color="red" role="alert" data-testid="entitlements-error">
            {errorMessages(update.error, t)}
          </Alert>
        )}
        <Group>
          <Button
            onClick={() => {
              update.reset();
              if (removed.length > 0) setAsking(true);
              else save();
            }}
            disabled={unchanged}
            loading={update.isPending && !asking}
            data-testid="entitlements-save"
          >
            {t('entitlements.editor.save')}
          </Button>
          {!unchanged && (
            <Button
              variant="subtle"
              onClick={() => setDraft(copy(sphere.entitlements))}
              data-testid="entitlements-reset"
            >
              {t('entitlements.editor.reset')}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={t('entitlements.confirm.title', { name: sphere.name })}
        confirmLabel={t('entitlements.confirm.confirm')}
        cancelLabel={t('entitlements.confirm.cancel')}
        onConfirm={save}
        onCancel={() => {
          setAsking(false);
          update.reset();
        }}
        pending={update.isPending}
        error={update.isError ? update.error : undefined}
        destructive
        testId="entitlements-confirm"
      >
        <Text size="sm">{t('entitlements.confirm.intro')}</Text>
        <List size="sm" data-testid="entitlements-confirm-removed">
          {removed.map((which) => (
            <List.Item key={which}>{t(`entitlements.switches.${SWITCH_KEYS[which]}.whenOff`)}</List.Item>
          ))}
        </List>
      </ConfirmDialog>
    </section>
  );
}
