import { useEffect, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { isAllowed, requestedContext, type ContributionContext } from './contexts';
import { sessionsOf, useMe, useMySessions } from './me';

/**
 * The context a feeling or thinking flow starts in: the one its link asks for (`sessionId` or
 * `sphereId`), dropped once the start call says the person may not use it (spec 01 §4 feeling
 * entry): said with `dropped`, or, from a direct link, with an error notice that closes the flow.
 */
export function useContributionContext(params: URLSearchParams, close: () => void) {
  const { t } = useTranslation();
  const me = useMe();
  const mine = useMySessions();
  // Judged once the start call and the groups are read (the groups' failure counts as none).
  const loaded = me.data !== undefined && (mine.data !== undefined || mine.isError);
  const [context, setContext] = useState<ContributionContext>(() => requestedContext(params));
  const [dropped, setDropped] = useState(false);

  useEffect(() => {
    const requested = requestedContext(params);
    if (!loaded || requested === null || isAllowed(requested, me.data, sessionsOf(mine.data))) return;
    setContext(null);
    if (params.get('fromDirectLink') === 'true') {
      notifications.show({ color: 'red', message: t('common.context.notAllowedLink') });
      close();
    } else setDropped(true);
    // Checked once the start call and the groups are there; later changes of the choice are the person's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  return { context, setContext, dropped, dismissDropped: () => setDropped(false) };
}
