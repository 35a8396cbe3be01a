import { useEffect } from 'react';
import { Anchor, Card, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { checkQuickAnswer } from '@shared/contracts/feelings';
import { MoodFace } from '../../components/mood-face';
import { callApi } from '../../lib/api';
import { errorMessages } from '../../lib/errors';
import { overlaySearch } from '../../lib/overlays';
import { HOME_PATH } from '../../lib/routes';

/**
 * The good/bad quick-answer page (spec 01 §2): a link of a sphere or a group (often a poster's QR
 * code) with its code. Two faces open the feeling flow there, marked as coming from the link. An
 * invalid link says so and goes to the root.
 */
export default function QuickAnswerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const sessionId = params.get('sessionId') ?? undefined;
  const sphereId = sessionId ? undefined : (params.get('sphereId') ?? undefined);
  const validationCode = params.get('validationCode') ?? '';
  const place = useQuery({
    queryKey: ['quick-answer', sessionId, sphereId, validationCode],
    queryFn: ({ signal }) =>
      callApi(checkQuickAnswer, {
        body: {
          ...(sessionId ? { sessionId } : {}),
          ...(sphereId ? { sphereId } : {}),
          validationCode: validationCode || '-',
        },
        signal,
      }),
    retry: false,
    meta: { errorsShownInline: true },
  });

  useEffect(() => {
    if (!place.isError) return;
    notifications.show({
      color: 'red',
      title: t('feelings.quick.invalidTitle'),
      message: errorMessages(place.error, t),
      'data-testid': 'quick-answer-invalid',
    });
    void navigate(HOME_PATH, { replace: true });
  }, [place.isError, place.error, navigate, t]);

  if (!place.data)
    return (
      <Stack align="center" py="xl" data-testid="quick-answer-loading">
        <Loader aria-label={t('common.loading')} />
      </Stack>
    );
  const flow = (mood: 'good' | 'bad') => {
    const search = new URLSearchParams(overlaySearch(location.search, 'feeling'));
    search.set('mode', mood);
    search.set('fromDirectLink', 'true');
    return `?${search.toString()}`;
  };
  return (
    <Stack align="center" py="xl" data-testid="quick-answer">
      <Card withBorder padding="xl" maw={520} w="100%">
        <Stack align="center" gap="md">
          <Text size="sm" c="dimmed" data-testid="quick-answer-place">
            {place.data.name}
          </Text>
          <Title order={1} ta="center">
            {t('feelings.quick.question')}
          </Title>
          {place.data.contributes ? (
            <Group gap="xl" justify="center">
              {(['bad', 'good'] as const).map((mood) => (
                <UnstyledButton
                  key={mood}
                  component={Link}
                  to={flow(mood)}
                  aria-label={t(`feelings.quick.${mood}`)}
                  data-testid={`quick-answer-${mood}`}
                  style={{ borderRadius: 16, padding: 8, textAlign: 'center' }}
                >
                  <Stack align="center" gap={4}>
                    <MoodFace mood={mood} size={96} />
                    <Text fw={600}>{t(`feelings.quick.${mood}`)}</Text>
                  </Stack>
                </UnstyledButton>
              ))}
            </Group>
          ) : (
            <Stack align="center" gap="xs" data-testid="quick-answer-not-member">
              <Text ta="center">{t('feelings.quick.notMember', { name: place.data.name })}</Text>
              <Anchor component={Link} to={HOME_PATH}>
                {t('feelings.quick.home')}
              </Anchor>
            </Stack>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
