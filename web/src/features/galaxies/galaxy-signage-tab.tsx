import { Button, Card, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Galaxy } from '@shared/contracts/galaxies';
import { notifySuccess } from '../../components/notify';
import { useAbility } from '../../lib/ability';
import { ApiError } from '../../lib/errors';
import { useUpdateGalaxy } from './api/galaxies';
import { GalaxyForm } from './galaxy-form';

/** Tab "signage" (spec 02 §2): the galaxy's identity; super-admins edit it. */
export function GalaxySignageTab({ galaxy }: { galaxy: Galaxy }) {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const canEdit = ability.can('manage', 'galaxy');
  const [editing, setEditing] = useState(false);
  const update = useUpdateGalaxy(galaxy.id);
  const day = (iso: string | undefined) => (iso ? new Date(iso).toLocaleDateString(i18n.language) : '—');
  const conflict = update.error instanceof ApiError && update.error.status === 409;
  if (editing)
    return (
      <Stack>
        {conflict && (
          <Text role="alert" c="red" data-testid="galaxy-conflict">
            {t('galaxies.signage.conflict')}
          </Text>
        )}
        <GalaxyForm
          galaxy={galaxy}
          pending={update.isPending}
          error={conflict ? undefined : update.error}
          submitLabel={t('galaxies.signage.save')}
          onCancel={() => setEditing(false)}
          onSubmit={(body) =>
            update.mutate(
              { ...body, updateDate: galaxy.updateDate },
              {
                onSuccess: () => {
                  notifySuccess('galaxies.signage.saved');
                  setEditing(false);
                },
              },
            )
          }
        />
      </Stack>
    );
  const rows: [string, string][] = [
    [t('galaxies.fields.name'), galaxy.name],
    [t('galaxies.fields.shortName'), galaxy.shortName],
    [t('galaxies.fields.language'), t(`galaxies.languages.${galaxy.language}`)],
    [t('galaxies.fields.renewalDate'), day(galaxy.renewalDate)],
    [t('galaxies.signage.updateDate'), day(galaxy.updateDate)],
    [t('galaxies.signage.spheres'), String(galaxy.sphereCount)],
    [t('galaxies.signage.members'), String(galaxy.memberCount)],
  ];
  return (
    <Card withBorder>
      <Stack>
        <Table data-testid="galaxy-signage">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {canEdit && (
          <Button variant="light" onClick={() => setEditing(true)} data-testid="galaxy-edit">
            {t('galaxies.signage.edit')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
