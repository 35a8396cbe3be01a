import { Suspense } from 'react';
import { Alert, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Me } from '@shared/contracts/me';
import { ErrorState } from '../../components/error-state';
import { formatDate } from '../../lib/dates';
import { NO_MATCH_PARAMETER } from '../../lib/routes';
import { homeSections, preloadHomeSections } from '../../lib/home-sections';
import { useMe } from '../../lib/me';

// The sections' code downloads beside the start call, not after it.
preloadHomeSections();

function HomeSkeleton() {
  return (
    <Stack data-testid="home-loading" aria-busy="true">
      <Skeleton height={36} width="50%" />
      <Skeleton height={16} width="35%" />
      <Skeleton height={96} />
      <Skeleton height={96} />
    </Stack>
  );
}

function MySpace({ me }: { me: Me }) {
  const { t } = useTranslation();
  const primary = me.emails.find((e) => e.primary) ?? me.emails[0];
  return (
    <Stack>
      <div>
        <Title order={1} data-testid="home-greeting">
          {me.profile.firstName
            ? t('home.greeting', { firstName: me.profile.firstName })
            : t('home.greetingNoName')}
        </Title>
        <Text c="dimmed" data-testid="home-date">
          {t('home.today', { date: formatDate(new Date()) })}
        </Text>
        {primary && <Text data-testid="home-email">{t('home.primaryEmail', { email: primary.email })}</Text>}
      </div>
      {homeSections().map(({ id, component: HomeSection }) => (
        <Suspense key={id} fallback={<Skeleton height={120} />}>
          <HomeSection />
        </Suspense>
      ))}
    </Stack>
  );
}

/** Home (my space): who I am, the sections features add (feelings, later the centre), my spheres and groups (spec 01 §2). */
export default function HomePage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const me = useMe();
  const noMatch = searchParams.get(NO_MATCH_PARAMETER) === '1';

  return (
    <Container size="md">
      <Stack>
        {noMatch && (
          <Alert
            color="blue"
            role="alert"
            title={t('notFound.title')}
            withCloseButton
            closeButtonLabel={t('common.close')}
            data-testid="not-found-notice"
            onClose={() =>
              setSearchParams(
                (params) => {
                  params.delete(NO_MATCH_PARAMETER);
                  return params;
                },
                { replace: true },
              )
            }
          >
            {t('notFound.body')}
          </Alert>
        )}
        {me.isPending && <HomeSkeleton />}
        {me.isError && (
          <ErrorState
            title={t('home.loadError')}
            error={me.error}
            onRetry={() => void me.refetch()}
            testId="home-error"
          />
        )}
        {me.isSuccess && <MySpace me={me.data} />}
      </Stack>
    </Container>
  );
}
