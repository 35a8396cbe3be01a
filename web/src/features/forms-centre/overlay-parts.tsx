import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import { Alert, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../components/notify';
import { ApiError } from '../../lib/errors';

/** The runner's chunk, loaded the first time a form is answered (spec 02 §4). */
const FormRunner = lazy(() => import('../../components/form-runner'));

export function OverlayLoading({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="lg" data-testid={testId}>
      <Loader aria-label={t('common.loading')} />
    </Stack>
  );
}

export function LazyRunner(props: ComponentProps<typeof FormRunner>) {
  return (
    <Suspense fallback={<OverlayLoading testId="forms-centre-runner-loading" />}>
      <FormRunner {...props} />
    </Suspense>
  );
}

/**
 * A form or survey that cannot be read: "not found" for a 404; any other failure is reported in a
 * toast and the overlay closes (spec 01 §8: a failed form load closes the modal).
 */
export function LoadFailure({ error, close, testId }: { error: unknown; close: () => void; testId: string }) {
  const { t } = useTranslation();
  const notFound = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (!notFound) {
      notifyError(error);
      close();
    }
  }, [notFound, error, close]);
  if (!notFound) return null;
  return (
    <Alert color="gray" title={t('formsCentre.answer.notFoundTitle')} data-testid={testId}>
      {t('formsCentre.answer.notFound')}
    </Alert>
  );
}
