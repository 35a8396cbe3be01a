import { useState } from 'react';
import { Alert, Anchor, Stack, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listStatus } from '../../components/list-status';
import { useAbility } from '../../lib/ability';
import { formatDate } from '../../lib/dates';
import { useSphereCategories, useSpheres } from './api/spheres';
import { spherePath } from './paths';

/** Every sphere of the product (spec 01 §2 `/apps/spheres`), for super-admins in super-admin mode. */
export default function SpheresAdminPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  // Every sphere: a right on spheres without conditions (super-admins), not on one's own sphere.
  const allowed = ability.can('manage', subject('sphere', {}));
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const spheres = useSpheres('all', q, allowed);
  const categories = useSphereCategories();
  const categoryName = (id: string) => categories.data?.items.find((c) => c.id === id)?.name ?? id;

  if (!allowed)
    return (
      <Stack>
        <Title order={1}>{t('spheres.admin.title')}</Title>
        <Alert color="gray" data-testid="spheres-admin-not-allowed">
          {t('spheres.admin.notAllowed')}
        </Alert>
      </Stack>
    );

  const status = listStatus(spheres, {
    loadError: t('spheres.admin.loadError'),
    empty: t('spheres.admin.empty'),
    skeletonHeight: 120,
    testIds: { empty: 'spheres-admin-empty' },
  });
  let body;
  if (status || !spheres.data) body = status;
  else
    body = (
      <Table.ScrollContainer minWidth={520}>
        <Table striped data-testid="spheres-admin-table">
          <Table.Caption>{t('spheres.admin.count', { count: spheres.data.count })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('spheres.form.name')}</Table.Th>
              <Table.Th scope="col">{t('spheres.form.category')}</Table.Th>
              <Table.Th scope="col">{t('spheres.form.country')}</Table.Th>
              <Table.Th scope="col">{t('spheres.admin.created')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {spheres.data.items.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Anchor component={Link} to={spherePath(s.id)}>
                    {s.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{categoryName(s.category)}</Table.Td>
                <Table.Td>{t(`spheres.countries.${s.address.country}`)}</Table.Td>
                <Table.Td>{formatDate(new Date(s.createdAt))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack>
      <Title order={1}>{t('spheres.admin.title')}</Title>
      <TextInput
        label={t('spheres.admin.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
        data-testid="spheres-admin-search"
      />
      {body}
    </Stack>
  );
}
