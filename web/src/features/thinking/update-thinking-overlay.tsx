import { Alert, List, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Axis, Thinking } from '@shared/contracts/thinkings';
import { inLanguage } from '@shared/domain/thinkings';
import { ErrorState } from '../../components/error-state';
import { notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { ApiError } from '../../lib/errors';
import type { OverlayProps } from '../../lib/overlays';
import { useAxes, useThinking, useUpdateThinking } from './api/thinkings';
import { ThinkingForm, valueKey } from './thinking-form';

/** The axes a thinking is asked on now, plus any it answered that left the catalogue since. */
function axesOf(thinking: Thinking, offered: readonly Axis[]): Axis[] {
  const missing = thinking.axes
    .filter((a) => !offered.some((o) => o.id === a.id))
    .map((a) => ({
      id: a.id,
      name: {},
      description: {},
      keywords: [],
      modules: [],
      required: false,
      allowComment: false,
      updatedAt: '',
    }));
  return [...offered, ...missing];
}

function ReadOnly({ thinking, axes }: { thinking: Thinking; axes: readonly Axis[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const name = (id: string) => {
    const axis = axes.find((a) => a.id === id);
    return axis ? inLanguage(axis.name, language) : t('thinking.removedAxis', { id });
  };
  return (
    <Stack data-testid="thinking-read-only">
      <Alert color="gray" data-testid="thinking-frozen">
        {t('thinking.frozen')}
      </Alert>
      <List>
        {thinking.axes.map((a) => (
          <List.Item key={a.id}>
            {t('thinking.answer', { axis: name(a.id), value: t(`thinking.values.${valueKey(a.value)}`) })}
            {a.comment ? ` — ${a.comment}` : ''}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * One thinking (spec 01 §2 `update-thinking`): fetched with up to 15 tries, changed while it is
 * not frozen, read-only with the reason afterwards, a not-found message when it does not exist.
 */
export default function UpdateThinkingOverlay({ params, done }: OverlayProps) {
  const { t } = useTranslation();
  const id = params.get('thinkingId') ?? '';
  const thinking = useThinking(id);
  const axes = useAxes({ module: 'myself' });
  const update = useUpdateThinking(id);

  if (thinking.isPending || axes.isPending)
    return (
      <Stack align="center" py="lg" data-testid="thinking-loading">
        <Loader aria-label={t('common.loading')} />
        {thinking.failureCount > 0 && (
          <Text size="sm" c="dimmed">
            {t('thinking.stillLoading')}
          </Text>
        )}
      </Stack>
    );
  if (thinking.isError && thinking.error instanceof ApiError && thinking.error.status === 404)
    return (
      <Alert color="yellow" data-testid="thinking-not-found">
        {t('thinking.notFound')}
      </Alert>
    );
  if (thinking.isError || axes.isError)
    return (
      <ErrorState
        title={t('thinking.loadError')}
        error={thinking.error ?? axes.error}
        onRetry={() => void (thinking.isError ? thinking.refetch() : axes.refetch())}
        testId="thinking-error"
      />
    );
  const all = axesOf(thinking.data, axes.data.items);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('thinking.givenAt', { date: formatDateTime(new Date(thinking.data.creationDate)) })}
      </Text>
      {thinking.data.editable ? (
        <ThinkingForm
          axes={all}
          initial={thinking.data.axes}
          submitLabel={t('thinking.update')}
          pending={update.isPending}
          onSubmit={(answers) =>
            update.mutate(
              { axes: answers },
              {
                onSuccess: () => {
                  notifySuccess('thinking.updated');
                  done();
                },
              },
            )
          }
        />
      ) : (
        <ReadOnly thinking={thinking.data} axes={all} />
      )}
    </Stack>
  );
}
