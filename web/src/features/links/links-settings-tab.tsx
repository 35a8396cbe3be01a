import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { Link } from '@shared/contracts/links';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { listStatus } from '../../components/list-status';
import type { SettingsTabProps } from '../../lib/place-extensions';
import { useDeleteLink, usePlaceLinks } from './api/links';
import { ADD_LINK_OVERLAY, LINK_OVERLAY, UPDATE_LINK_OVERLAY } from './paths';

/** The current page's address with an overlay opened on it and its parameters. */
function withOverlay(
  location: { pathname: string; search: string },
  show: string,
  extra: Record<string, string>,
) {
  const params = new URLSearchParams(location.search);
  params.set('show', show);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return `${location.pathname}?${params.toString()}`;
}

/**
 * The Links tab of a sphere's or a session's settings (spec 02 §2 links): its links with their
 * expiry, each opened for its QR code, changed, or deleted after a confirmation; and a new one.
 */
export default function LinksSettingsTab({ place }: SettingsTabProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const links = usePlaceLinks(
    place.kind === 'sphere' ? { sphereId: place.sphere.id } : { sessionId: place.session.id },
  );
  const remove = useDeleteLink();
  const removal = useConfirmedRemoval<Link>({
    remove: (link) => remove.mutateAsync(link.id),
    title: t('links.delete.title'),
    message: (link) => <Text size="sm">{t('links.delete.message', { name: link.name })}</Text>,
    confirmLabel: t('links.delete.confirm'),
    cancelLabel: t('links.delete.cancel'),
    success: 'links.deleted',
    testId: 'link-delete',
  });
  const newLink: Record<string, string> =
    place.kind === 'sphere'
      ? { category: 'sphere', sphereId: place.sphere.id }
      : { category: 'session', sphereId: place.session.sphereId, sessionId: place.session.id };
  const status = listStatus(links, {
    loadError: t('links.list.loadError'),
    empty: t('links.list.empty'),
    skeletonHeight: 120,
    testIds: { empty: 'links-empty', error: 'links-error' },
  });
  const day = (value: string) => new Date(`${value}T00:00:00`).toLocaleDateString(i18n.language);

  return (
    <Stack data-testid="links-settings">
      <Group justify="space-between">
        <Text size="sm">{t('links.list.intro')}</Text>
        <Button
          component={RouterLink}
          to={withOverlay(location, ADD_LINK_OVERLAY, newLink)}
          data-testid="links-add"
        >
          {t('links.list.add')}
        </Button>
      </Group>
      {status ?? (
        <Table.ScrollContainer minWidth={520}>
          <Table data-testid="links-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('links.list.name')}</Table.Th>
                <Table.Th>{t('links.list.expiry')}</Table.Th>
                <Table.Th>{t('links.list.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {links.data?.items.map((link) => (
                <Table.Tr key={link.id} data-testid={`link-row-${link.id}`}>
                  <Table.Td>
                    <Anchor
                      component={RouterLink}
                      to={withOverlay(location, LINK_OVERLAY, { linkId: link.id })}
                      c="blue.9"
                    >
                      {link.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{link.expirySet ? day(link.expiredAt) : t('links.list.noExpiry')}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        component={RouterLink}
                        to={withOverlay(location, UPDATE_LINK_OVERLAY, { linkId: link.id })}
                        variant="subtle"
                        c="blue.9"
                        size="xs"
                        aria-label={t('links.list.editNamed', { name: link.name })}
                        data-testid={`link-edit-${link.id}`}
                      >
                        {t('links.list.edit')}
                      </Button>
                      <Button
                        variant="subtle"
                        color="red"
                        c="red.9"
                        size="xs"
                        aria-label={t('links.list.deleteNamed', { name: link.name })}
                        onClick={() => removal.ask(link)}
                        data-testid={`link-delete-${link.id}`}
                      >
                        {t('links.list.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {removal.dialog}
    </Stack>
  );
}
