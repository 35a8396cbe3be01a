import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Me } from '../../../../shared/contracts/me';
import { useMe } from '../../lib/me';

export type FeelingContext = { sphereId: string } | { sessionId: string } | null;

/**
 * The contexts a person may record a contributor feeling in (spec 01 §6): the contributor sessions
 * where they hold the member role, and the spheres where they hold the contributor role.
 */
export function allowedContexts(me: Me | undefined) {
  return {
    spheres: (me?.spheres ?? []).filter(
      (s) => Array.isArray(s.roles) && (s.roles as unknown[]).includes('contributor'),
    ),
    sessions: (me?.sessions ?? []).filter((s) => s.category === 'contributor' && s.roles.includes('member')),
  };
}

/** Whether a context is one the person may record a feeling in. */
export function isAllowed(context: FeelingContext, me: Me | undefined): boolean {
  if (context === null) return true;
  const { spheres, sessions } = allowedContexts(me);
  return 'sphereId' in context
    ? spheres.some((s) => s.id === context.sphereId)
    : sessions.some((s) => s.id === context.sessionId);
}

const encode = (context: FeelingContext) =>
  context === null
    ? ''
    : 'sphereId' in context
      ? `sphere:${context.sphereId}`
      : `session:${context.sessionId}`;

function decode(value: string): FeelingContext {
  const [kind, ...rest] = value.split(':');
  const id = rest.join(':');
  if (kind === 'sphere' && id) return { sphereId: id };
  if (kind === 'session' && id) return { sessionId: id };
  return null;
}

/**
 * Where a feeling belongs (spec 01 §2 feeling entry: none, one of my contributor sessions, or one
 * of my spheres). Shown only to a person who has a sphere or a session to choose; without one the
 * feeling is simply theirs.
 */
export function FeelingContextChoice({
  value,
  onChange,
}: {
  value: FeelingContext;
  onChange: (context: FeelingContext) => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const { spheres, sessions } = allowedContexts(me.data);
  if (spheres.length === 0 && sessions.length === 0) return null;
  return (
    <NativeSelect
      label={t('feelings.context.label')}
      value={encode(value)}
      onChange={(event) => onChange(decode(event.currentTarget.value))}
      data={[
        { value: '', label: t('feelings.context.none') },
        ...(sessions.length
          ? [
              {
                group: t('feelings.context.sessions'),
                items: sessions.map((s) => ({ value: `session:${s.id}`, label: s.name })),
              },
            ]
          : []),
        ...(spheres.length
          ? [
              {
                group: t('feelings.context.spheres'),
                items: spheres.map((s) => ({ value: `sphere:${s.id}`, label: s.name })),
              },
            ]
          : []),
      ]}
      data-testid="feeling-context"
    />
  );
}
