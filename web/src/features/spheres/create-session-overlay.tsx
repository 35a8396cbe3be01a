import { useState } from 'react';
import { Alert, Group, Loader, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { OverlayProps } from '../../lib/overlays';
import { useAbility } from '../../lib/ability';
import { errorMessages } from '../../lib/errors';
import { notifySuccess } from '../../components/notify';
import type { SessionCategory } from '@shared/domain/sessions';
import { useSphere, SPHERE_POLL_TRIES } from './api/spheres';
import { pollSession, useCreateSession, useSphereSessions } from './api/sessions';
import { SessionForm } from './session-form';
import { useSessionTagChoices } from './api/tags';
import { tagName } from '@shared/domain/tags';
import { currentLanguage } from '../../i18n';
import { sessionPath } from './paths';
import { refreshSphereLicences } from '../../lib/licences';

/**
 * Overlay `createSession` (spec 01 §2: type, category, sphereId, optional parentSessionId): a new
 * group or consumer session of the sphere, read back until it is there (spec 01 §4: 10 tries, 1 s
 * apart), then opened.
 */
export default function CreateSessionOverlay({ params, done }: OverlayProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const sphereId = params.get('sphereId') ?? '';
  const sphere = useSphere(sphereId);
  const [category, setCategory] = useState<SessionCategory>(
    params.get('category') === 'consumer' ? 'consumer' : 'contributor',
  );
  const tagChoices = useSessionTagChoices(
    sphereId,
    category,
    ability.can('get', subject('sphere-tag', { sphereId })),
    (tag) => tagName(tag.name, currentLanguage(), sphere.data?.languages.primary),
  );
  const sessions = useSphereSessions(sphereId);
  const create = useCreateSession(sphereId);
  const queryClient = useQueryClient();
  // The plan and modules take the sphere's licences: its admins give them (decision 0050).
  const givesLicences = ability.can('manage', subject('sphere', { sphereId }));
  const [attempt, setAttempt] = useState(0);
  const [pollError, setPollError] = useState<unknown>(null);

  if (sphere.isError || sessions.isError)
    return (
      <Alert color="red" role="alert" data-testid="create-session-load-error">
        {errorMessages(sphere.error ?? sessions.error, t)}
      </Alert>
    );
  if (sphere.isPending || sessions.isPending) return <Skeleton height={300} />;
  return (
    <Stack data-testid="create-session">
      <Radio.Group
        label={t('groups.form.category')}
        value={category}
        onChange={(v) => setCategory(v as SessionCategory)}
        description={t(`groups.form.categoryHelp.${category}`)}
        data-testid="session-category"
      >
        <Group gap="lg" mt="xs">
          {(['contributor', 'consumer'] as const).map((c) => (
            <Radio
              key={c}
              value={c}
              label={t(`groups.category.${c}`)}
              data-testid={`session-category-${c}`}
            />
          ))}
        </Group>
      </Radio.Group>
      <SessionForm
        key={category}
        languages={sphere.data.languages}
        category={category}
        sessions={sessions.data.items.filter((s) => s.category === category)}
        canArrange={ability.can('post', subject('session', { sphereId }))}
        tagChoices={tagChoices}
        plan={givesLicences ? { sphereId } : undefined}
        initialParentId={params.get('parentSessionId') ?? undefined}
        pending={create.isPending || attempt > 0}
        error={create.error}
        submitLabel={t('groups.form.create')}
        onSubmit={(body) => {
          setPollError(null);
          // A new session is never archived: the flag is for its settings.
          const { archived: _archived, ...fields } = body;
          create.mutate(
            { ...fields, category, type: params.get('type') === 'period' ? 'period' : 'group' },
            {
              onSettled: () => givesLicences && void refreshSphereLicences(queryClient, sphereId),
              onSuccess: async (created) => {
                try {
                  await pollSession(created.id, setAttempt);
                  notifySuccess('groups.form.created');
                  done();
                  void navigate(sessionPath(created.id));
                } catch (error) {
                  setPollError(error);
                } finally {
                  setAttempt(0);
                }
              },
            },
          );
        }}
      />
      {attempt > 0 && (
        <Group role="status" data-testid="create-session-polling">
          <Loader size="xs" />
          <Text size="sm">{t('groups.form.polling', { attempt, tries: SPHERE_POLL_TRIES })}</Text>
        </Group>
      )}
      {pollError !== null && (
        <Alert color="red" role="alert" data-testid="create-session-poll-error">
          {t('groups.form.notReadable')} {errorMessages(pollError, t)}
        </Alert>
      )}
    </Stack>
  );
}
