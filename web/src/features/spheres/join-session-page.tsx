import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { textIn } from '@shared/domain/sessions';
import { notifySuccess } from '../../components/notify';
import { errorMessages } from '../../lib/errors';
import { currentLanguage } from '../../i18n';
import { useJoinSession } from './api/sessions';
import { sessionPath } from './paths';

/**
 * Joining a session by its link or QR code (spec 01 §2 `/apps/sessions/{sessionId}/join/{accessCode}`):
 * one button; the session's answer (a link no longer valid, a group for its sphere's members
 * only, a session closed to its link) is said in the person's language.
 */
export default function JoinSessionPage() {
  const { t } = useTranslation();
  const { sessionId = '', accessCode = '' } = useParams();
  const navigate = useNavigate();
  const join = useJoinSession(sessionId);
  return (
    <Stack maw={560}>
      <Title order={1}>{t('groups.join.title')}</Title>
      <Card withBorder>
        <Stack>
          <Text>{t('groups.join.intro')}</Text>
          {join.isError && (
            <Alert color="red" role="alert" data-testid="session-join-error">
              {errorMessages(join.error, t)}
            </Alert>
          )}
          <Button
            loading={join.isPending}
            onClick={() =>
              join.mutate(accessCode, {
                onSuccess: (session) => {
                  notifySuccess('groups.join.done', {
                    values: { name: textIn(session.name, currentLanguage()) },
                  });
                  void navigate(sessionPath(session.id));
                },
              })
            }
            data-testid="session-join-submit"
          >
            {t('groups.join.submit')}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
