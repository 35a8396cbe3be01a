import { Alert, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalaxySphere } from '@shared/contracts/galaxies';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { listStatus } from '../../components/list-status';
import { notifySuccess } from '../../components/notify';
import { useAbility } from '../../lib/ability';
import { blockedQuotaKinds, errorMessages } from '../../lib/errors';
import { quotaKindName, quotaKindNames } from '../../lib/quota-kinds';
import {
  useAllSpheres,
  useAttachSphere,
  useDetachSphere,
  useGalaxyQuotas,
  useGalaxySpheres,
} from './api/galaxies';

/** Tab "spheres" (spec 02 §2): the galaxy's spheres and their usage; super-admins attach and detach. */
export function GalaxySpheresTab({ galaxyId }: { galaxyId: string }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const superAdmin = ability.can('manage', 'galaxy');
  const spheres = useGalaxySpheres(galaxyId);
  const quotas = useGalaxyQuotas(galaxyId);
  const all = useAllSpheres(superAdmin);
  const attach = useAttachSphere(galaxyId);
  const detach = useDetachSphere(galaxyId);
  const [choice, setChoice] = useState<string | null>(null);
  const blocked = (quotas.data ?? []).filter((q) => q.kind === 'spheres' && q.state === 'blocked');
  const removal = useConfirmedRemoval<GalaxySphere>({
    remove: (sphere) => detach.mutateAsync(sphere.id),
    title: t('galaxies.spheres.detach.title'),
    message: (sphere) => <Text>{t('galaxies.spheres.detach.message', { name: sphere.name })}</Text>,
    confirmLabel: t('galaxies.spheres.detach.confirm'),
    cancelLabel: t('galaxies.common.cancel'),
    success: 'galaxies.spheres.detached',
    testId: 'sphere-detach',
  });
  const attached = new Set(spheres.data?.items.map((s) => s.id));
  const status = listStatus(spheres, {
    loadError: t('galaxies.spheres.loadError'),
    empty: t('galaxies.spheres.empty'),
    skeletonHeight: 120,
    testIds: { empty: 'spheres-empty', loading: 'spheres-loading' },
  });
  const attachError = attach.error
    ? blockedQuotaKinds(attach.error).length > 0
      ? t('errors.quota-blocked-kinds', { kinds: quotaKindNames(blockedQuotaKinds(attach.error), t) })
      : errorMessages(attach.error, t)
    : null;
  return (
    <Stack>
      {superAdmin && (
        <Card withBorder>
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('galaxies.spheres.choose')}
              searchable
              data={(all.data?.items ?? [])
                .filter((s) => !attached.has(s.id))
                .map((s) => ({ value: s.id, label: s.name }))}
              value={choice}
              onChange={setChoice}
              disabled={all.isPending}
              style={{ flex: '1 1 240px' }}
              data-testid="sphere-choice"
            />
            <Button
              disabled={!choice || blocked.length > 0}
              loading={attach.isPending}
              onClick={() =>
                choice &&
                attach.mutate(choice, {
                  onSuccess: () => {
                    notifySuccess('galaxies.spheres.attached');
                    setChoice(null);
                  },
                })
              }
              aria-describedby={blocked.length > 0 ? 'spheres-blocked' : undefined}
              data-testid="sphere-attach"
            >
              {t('galaxies.spheres.attach')}
            </Button>
          </Group>
          {blocked.length > 0 && (
            <Text size="sm" id="spheres-blocked" mt="xs" data-testid="spheres-blocked">
              {t('galaxies.quotas.blockedWhy', {
                kinds: blocked.map((q) => quotaKindName(q.kind, t)).join(', '),
              })}
            </Text>
          )}
          {attachError && (
            <Alert color="red" role="alert" mt="xs" data-testid="sphere-attach-error">
              {attachError}
            </Alert>
          )}
        </Card>
      )}
      {status ?? (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {spheres.data?.items.map((sphere) => (
            <Card component="li" withBorder key={sphere.id} data-testid="galaxy-sphere">
              <Group justify="space-between" wrap="wrap">
                <Stack gap={2}>
                  <Text fw={600}>{sphere.name}</Text>
                  {Object.entries(sphere.usage).map(([kind, count]) => (
                    <Text size="sm" key={kind}>
                      {quotaKindName(kind, t)} : {count}
                    </Text>
                  ))}
                </Stack>
                {superAdmin && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => removal.ask(sphere)}
                    aria-label={t('galaxies.spheres.detach.label', { name: sphere.name })}
                  >
                    {t('galaxies.spheres.detach.button')}
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {removal.dialog}
    </Stack>
  );
}
