import { Alert, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state';
import { notifySuccess } from '../../components/notify';
import { ApiError } from '../../lib/errors';
import type { OverlayProps } from '../../lib/overlays';
import { useAxis, useUpdateAxis } from './api/thinkings';
import { AxisForm } from './axis-form';

/** `updateThinkingAxis` (id): every field of an axis but its id; a missing axis says so. */
export default function UpdateAxisOverlay({ params, done }: OverlayProps) {
  const { t } = useTranslation();
  const id = params.get('id') ?? '';
  const axis = useAxis(id);
  const update = useUpdateAxis(id);
  if (axis.isPending)
    return (
      <Stack align="center" py="lg">
        <Loader aria-label={t('common.loading')} />
      </Stack>
    );
  if (axis.isError)
    return axis.error instanceof ApiError && axis.error.status === 404 ? (
      <Alert color="yellow" data-testid="axis-not-found">
        {t('axes.notFound')}
      </Alert>
    ) : (
      <ErrorState title={t('axes.loadError')} error={axis.error} onRetry={() => void axis.refetch()} />
    );
  return (
    <AxisForm
      axis={axis.data}
      pending={update.isPending}
      error={update.error}
      onSubmit={({ id: _id, ...body }) =>
        update.mutate(body, {
          onSuccess: () => {
            notifySuccess('axes.updated');
            done();
          },
        })
      }
    />
  );
}
