import { Alert, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { allowedContexts, decodeContext, encodeContext, type ContributionContext } from '../lib/contexts';
import { sessionsOf, useMe, useMySessions } from '../lib/me';

/**
 * Where a feeling or a thinking belongs (spec 01 §2: none, one of my contributor sessions, or one
 * of my spheres). Shown only to a person who has a sphere or a session to choose; without one the
 * answer is simply theirs.
 */
export function ContextChoice({
  value,
  onChange,
  testId,
}: {
  value: ContributionContext;
  onChange: (context: ContributionContext) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const mine = useMySessions();
  const { spheres, sessions } = allowedContexts(me.data, sessionsOf(mine.data));
  if (spheres.length === 0 && sessions.length === 0) return null;
  return (
    <NativeSelect
      label={t('common.context.label')}
      value={encodeContext(value)}
      onChange={(event) => onChange(decodeContext(event.currentTarget.value))}
      data={[
        { value: '', label: t('common.context.none') },
        ...(sessions.length
          ? [
              {
                group: t('common.context.sessions'),
                items: sessions.map((s) => ({ value: `session:${s.id}`, label: s.name })),
              },
            ]
          : []),
        ...(spheres.length
          ? [
              {
                group: t('common.context.spheres'),
                items: spheres.map((s) => ({ value: `sphere:${s.id}`, label: s.name })),
              },
            ]
          : []),
      ]}
      data-testid={testId}
    />
  );
}

/** Says that the context asked for was dropped: the person is not (or no longer) a contributor there. */
export function ContextDropped({ onClose, testId }: { onClose: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      role="alert"
      title={t('common.context.notAllowedTitle')}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={onClose}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid={testId}
    >
      {t('common.context.notAllowed')}
    </Alert>
  );
}
