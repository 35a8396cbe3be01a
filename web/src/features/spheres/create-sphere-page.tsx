import { useState } from 'react';
import { Alert, Loader, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../components/notify';
import { useAbility } from '../../lib/ability';
import { errorMessages } from '../../lib/errors';
import { pollSphere, spheresKey, SPHERE_POLL_TRIES, useCreateSphere } from './api/spheres';
import { spherePath } from './paths';
import { SphereForm } from './sphere-form';

/**
 * Sphere creation (spec 01 §2 `/apps/create-sphere`): the form, then the new sphere is read until
 * it answers (10 tries, 1 s apart, with the attempt shown) and opened.
 */
export default function CreateSpherePage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateSphere();
  const [attempt, setAttempt] = useState(0);
  const [pollError, setPollError] = useState<unknown>(null);

  if (!ability.can('post', 'sphere'))
    return (
      <Stack>
        <Title order={1}>{t('spheres.create.title')}</Title>
        <Alert color="gray" data-testid="create-sphere-not-allowed">
          {t('spheres.create.notAllowed')}
        </Alert>
      </Stack>
    );

  return (
    <Stack maw={820}>
      <Title order={1}>{t('spheres.create.title')}</Title>
      <Text c="dimmed">{t('spheres.create.intro')}</Text>
      <SphereForm
        pending={create.isPending || attempt > 0}
        error={create.error}
        submitLabel={t('spheres.create.submit')}
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: async (created) => {
              setPollError(null);
              try {
                const sphere = await pollSphere(created.id, setAttempt);
                queryClient.setQueryData([...spheresKey, 'one', sphere.id], sphere);
                notifySuccess('spheres.create.done', { values: { name: sphere.name } });
                void navigate(spherePath(sphere.id));
              } catch (error) {
                setPollError(error);
              } finally {
                setAttempt(0);
              }
            },
          })
        }
      />
      {attempt > 0 && (
        <Group role="status" data-testid="create-sphere-polling">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('spheres.create.polling', { attempt, tries: SPHERE_POLL_TRIES })}</Text>
        </Group>
      )}
      {pollError !== null && (
        <Alert color="red" role="alert" data-testid="create-sphere-poll-error">
          {t('spheres.create.notReadable')} {errorMessages(pollError, t)}
        </Alert>
      )}
    </Stack>
  );
}
