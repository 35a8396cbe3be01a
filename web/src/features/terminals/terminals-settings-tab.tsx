import { useState } from 'react';
import {
  Alert,
  Button,
  CopyButton,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listSphereSessions } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import type { CreatedTerminal, Terminal } from '@shared/contracts/terminals';
import { textIn } from '@shared/domain/sessions';
import {
  TERMINAL_DEVICE_NAME_MAX_LENGTH,
  TERMINAL_STEPS,
  mayManageTerminals,
  takesTerminalFeelings,
  type TerminalSteps,
} from '@shared/domain/terminals';
import type { SphereRole } from '@shared/domain/spheres';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { listStatus } from '../../components/list-status';
import { LoadedSelect } from '../../components/loaded-select';
import { notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { callApi } from '../../lib/api';
import { errorMessages } from '../../lib/errors';
import { useMe } from '../../lib/me';
import type { SettingsTabProps } from '../../lib/place-extensions';
import { useCreateTerminal, useDeleteTerminal, useTerminals } from './api/terminals';

/**
 * The terminals of a sphere (decision 0028): the kiosks of its consumer sessions, for its admins and
 * sales-up members. Adding one shows its kiosk's address once, with a copy button: the key it
 * carries is never shown again. Deleting asks first. Shown in the sphere's settings (Terminals tab)
 * and on its Sales-Up page.
 */
export function TerminalsManager({ sphere }: { sphere: Sphere }) {
  const { t } = useTranslation();
  const me = useMe();
  const roles = (me.data?.members.find((m) => m.sphereId === sphere.id)?.roles ?? []) as SphereRole[];
  if (!mayManageTerminals(roles, sphere))
    return (
      <Text c="dimmed" data-testid="terminals-forbidden">
        {t('terminals.settings.forbidden')}
      </Text>
    );
  return (
    <Stack data-testid="terminals-settings">
      <Text size="sm">{t('terminals.settings.intro')}</Text>
      {!takesTerminalFeelings(sphere) && (
        <Alert color="gray" data-testid="terminals-off">
          {t('terminals.settings.off')}
        </Alert>
      )}
      {takesTerminalFeelings(sphere) && (
        <AddTerminal sphereId={sphere.id} primary={sphere.languages.primary} />
      )}
      <TerminalList sphereId={sphere.id} />
    </Stack>
  );
}

/** The Terminals tab of a sphere's settings (`?tab=terminals`). */
export default function TerminalsSettingsTab({ place }: SettingsTabProps) {
  return place.kind === 'sphere' ? <TerminalsManager sphere={place.sphere} /> : null;
}

function AddTerminal({ sphereId, primary }: { sphereId: string; primary: Parameters<typeof textIn>[2] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const sessions = useQuery({
    queryKey: ['terminal-sessions', sphereId],
    queryFn: ({ signal }) =>
      callApi(listSphereSessions, { params: { id: sphereId }, query: { category: 'consumer' }, signal }),
  });
  const create = useCreateTerminal(sphereId);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [deviceName, setDeviceName] = useState('');
  const [steps, setSteps] = useState<TerminalSteps>('mood');
  const [created, setCreated] = useState<CreatedTerminal | null>(null);
  const [tried, setTried] = useState(false);

  const nameProblem = deviceName.trim() === '' ? t('terminals.add.deviceNameRequired') : undefined;
  const sessionProblem = sessionId === null ? t('terminals.add.sessionRequired') : undefined;
  const submit = () => {
    setTried(true);
    if (nameProblem || sessionProblem || sessionId === null) return;
    create.mutate(
      { sphereId, sessionId, deviceName: deviceName.trim(), steps },
      {
        onSuccess: (terminal) => {
          setCreated(terminal);
          setDeviceName('');
          setTried(false);
          notifySuccess('terminals.add.done');
        },
      },
    );
  };
  const kioskUrl = created ? `${window.location.origin}${created.kioskPath}` : '';

  return (
    <Stack gap="sm" component="section" aria-labelledby="terminal-add-title">
      <Title order={3} size="h4" id="terminal-add-title">
        {t('terminals.add.title')}
      </Title>
      <LoadedSelect
        query={sessions}
        options={(data) => data.items.map((s) => ({ value: s.id, label: textIn(s.name, language, primary) }))}
        loadError={t('terminals.add.sessionsLoadError')}
        empty={t('terminals.add.noSession')}
        label={t('terminals.add.session')}
        placeholder={t('terminals.add.sessionPlaceholder')}
        value={sessionId}
        onChange={setSessionId}
        error={tried ? sessionProblem : undefined}
        data-testid="terminal-session"
      />
      <TextInput
        label={t('terminals.add.deviceName')}
        value={deviceName}
        maxLength={TERMINAL_DEVICE_NAME_MAX_LENGTH}
        onChange={(event) => setDeviceName(event.currentTarget.value)}
        error={tried ? nameProblem : undefined}
        data-testid="terminal-device-name"
      />
      <Select
        label={t('terminals.add.steps')}
        data={TERMINAL_STEPS.map((s) => ({ value: s, label: t(`terminals.steps.${s}`) }))}
        value={steps}
        onChange={(value) => {
          if (value) setSteps(value as TerminalSteps);
        }}
        allowDeselect={false}
        data-testid="terminal-steps"
      />
      {create.isError && (
        <Alert color="red" role="alert" data-testid="terminal-add-error">
          {errorMessages(create.error, t)}
        </Alert>
      )}
      <Group>
        <Button onClick={submit} loading={create.isPending} data-testid="terminal-add">
          {t('terminals.add.submit')}
        </Button>
      </Group>
      {created && (
        <Alert color="blue" title={t('terminals.add.urlTitle')} data-testid="terminal-created">
          <Stack gap="xs">
            <Text size="sm">{t('terminals.add.urlOnce', { code: created.deviceCode })}</Text>
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                label={t('terminals.add.url')}
                value={kioskUrl}
                readOnly
                style={{ flex: 1 }}
                data-testid="terminal-url"
              />
              <CopyButton value={kioskUrl}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy} data-testid="terminal-url-copy">
                    {copied ? t('terminals.add.copied') : t('terminals.add.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function TerminalList({ sphereId }: { sphereId: string }) {
  const { t } = useTranslation();
  const list = useTerminals(sphereId);
  const remove = useDeleteTerminal(sphereId);
  const removal = useConfirmedRemoval<Terminal>({
    remove: (terminal) => remove.mutateAsync(terminal.id),
    title: t('terminals.delete.title'),
    message: (terminal) => <Text>{t('terminals.delete.body', { name: terminal.deviceName })}</Text>,
    confirmLabel: t('terminals.delete.confirm'),
    cancelLabel: t('terminals.delete.cancel'),
    success: 'terminals.delete.done',
    testId: 'terminal-delete',
  });
  const status = listStatus(list, {
    loadError: t('terminals.list.loadError'),
    empty: t('terminals.list.empty'),
    skeletonHeight: 80,
    testIds: { error: 'terminals-error', empty: 'terminals-empty' },
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="terminal-list-title">
      <Title order={3} size="h4" id="terminal-list-title">
        {t('terminals.list.title')}
      </Title>
      {status ?? (
        <Table.ScrollContainer minWidth={480}>
          <Table data-testid="terminals-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('terminals.list.deviceName')}</Table.Th>
                <Table.Th>{t('terminals.list.deviceCode')}</Table.Th>
                <Table.Th>{t('terminals.list.steps')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('terminals.list.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.items ?? []).map((terminal) => (
                <Table.Tr key={terminal.id} data-testid={`terminal-${terminal.deviceCode}`}>
                  <Table.Td>{terminal.deviceName}</Table.Td>
                  <Table.Td>
                    <code>{terminal.deviceCode}</code>
                  </Table.Td>
                  <Table.Td>{t(`terminals.steps.${terminal.steps}`)}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      color="red"
                      c="red.9"
                      size="xs"
                      onClick={() => removal.ask(terminal)}
                      aria-label={t('terminals.list.deleteOf', { name: terminal.deviceName })}
                      data-testid={`terminal-delete-${terminal.deviceCode}`}
                    >
                      {t('terminals.list.delete')}
                    </Button>
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
