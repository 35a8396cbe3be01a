import { Suspense, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Sphere } from '@shared/contracts/spheres';
import { contextText } from '@shared/domain/sphere-contexts';
import { textIn } from '@shared/domain/sessions';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { HOME_PATH } from '../../lib/routes';
import { useAbility } from '../../lib/ability';
import { formatDate } from '../../lib/dates';
import { placeSections } from '../../lib/place-extensions';
import { currentLanguage } from '../../i18n';
import { useLeaveSphere, useSphere, useSphereCategories } from './api/spheres';
import { useSphereWording } from './api/contexts';
import { slot } from './sphere-wording';
import { sphereSettingsPath } from './paths';
import { WithLoaded } from './with-loaded';
import { SphereSessions } from './sphere-sessions';
import { SphereLogo } from './sphere-logo';

/** "Anonymity not guaranteed": shown to every member of a study-programme sphere (spec 01 §1). */
export function StudyProgramNotice({ sphere }: { sphere: Sphere }) {
  const { t } = useTranslation();
  if (!sphere.isStudyProgram) return null;
  return (
    <Alert
      color="orange"
      title={t('spheres.studyProgram.title')}
      // The theme's orange title is too pale on its light background (AA); the text colour reads.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid="study-program-notice"
    >
      {t('spheres.studyProgram.body')}
    </Alert>
  );
}

/** Not a member, or no such sphere: the same answer, so nobody learns which spheres exist. */
export function SphereNotAllowed() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" title={t('spheres.notAllowed.title')} data-testid="sphere-not-allowed">
      {t('spheres.notAllowed.body')}
    </Alert>
  );
}

/**
 * Loads the sphere of the path and shows `children` with it: a skeleton while loading, the same
 * "not available" for a sphere that does not exist or is not the caller's, an error with a retry.
 */
export function WithSphere({ children }: { children: (sphere: Sphere) => ReactNode }) {
  const { t } = useTranslation();
  const { sphereId = '' } = useParams();
  return (
    <WithLoaded
      query={useSphere(sphereId)}
      notAllowed={<SphereNotAllowed />}
      errorTitle={t('spheres.loadError')}
      testId="sphere"
    >
      {children}
    </WithLoaded>
  );
}

export default function SpherePage() {
  return <WithSphere>{(sphere) => <SphereHome s={sphere} />}</WithSphere>;
}

/**
 * A sphere's home (spec 01 §2 `/apps/spheres/{sphereId}`): who it is, the caller's roles there, the
 * study-programme notice, and the settings for those who may change them, its groups and leaving it.
 * Its welcome, groups and leaving are said in the words of the sphere's active context.
 */
function SphereHome({ s }: { s: Sphere }) {
  const { t } = useTranslation();
  const categories = useSphereCategories();
  const ability = useAbility();
  const navigate = useNavigate();
  const leave = useLeaveSphere(s.id);
  const { say, context } = useSphereWording(s.id);
  const language = currentLanguage();
  const knownAs = (context && textIn(context.name, language, s.languages.primary)) || s.name;
  const description = contextText(context?.description, language);
  const category = categories.data?.items.find((c) => c.id === s.category)?.name ?? s.category;
  const canEdit = ability.can('put', subject('sphere', { sphereId: s.id }));
  const place = [s.address.postalCode, s.address.city].filter(Boolean).join(' ');
  const leaving = useConfirmedRemoval({
    remove: () => leave.mutateAsync(),
    title: t('spheres.leave.title', { name: s.name }),
    message: <Text size="sm">{say(t('spheres.leave.message'), { override: 'leaveMessage' })}</Text>,
    confirmLabel: t('spheres.leave.confirm'),
    cancelLabel: t('spheres.leave.stay'),
    success: { key: 'spheres.leave.done', values: { name: s.name } },
    onRemoved: () => void navigate(HOME_PATH),
    testId: 'sphere-leave',
  });
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Group gap="md" wrap="nowrap">
          <SphereLogo sphere={s} height={56} />
          <Stack gap={4}>
            <Title order={1} data-testid="sphere-title">
              {s.name}
            </Title>
            <Text c="dimmed">
              {category}
              {place ? ` · ${place}` : ''} · {t(`spheres.countries.${s.address.country}`)}
            </Text>
          </Stack>
        </Group>
        {canEdit && (
          <Button
            component={Link}
            to={sphereSettingsPath(s.id)}
            variant="light"
            data-testid="sphere-settings"
          >
            {t('spheres.settings.open')}
          </Button>
        )}
      </Group>
      <Text data-testid="sphere-welcome">
        {say(t('spheres.home.welcome', { name: slot(0) }), { values: [knownAs], override: 'sphereWelcome' })}
      </Text>
      <StudyProgramNotice sphere={s} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder component="section" aria-labelledby="sphere-you-title">
          <Title order={2} size="h4" mb="xs" id="sphere-you-title">
            {t('spheres.home.you')}
          </Title>
          <Group gap="xs" data-testid="sphere-roles">
            {s.roles.length === 0 ? (
              <Text size="sm">{t('spheres.home.noRole')}</Text>
            ) : (
              s.roles.map((role) => (
                <Badge key={role} variant="light">
                  {t(`spheres.roles.${role}`)}
                </Badge>
              ))
            )}
          </Group>
        </Card>
        <Card withBorder component="section" aria-labelledby="sphere-about-title">
          <Title order={2} size="h4" mb="xs" id="sphere-about-title">
            {t('spheres.home.about')}
          </Title>
          <Stack gap={4}>
            {description && (
              <Text size="sm" data-testid="sphere-context-description">
                {description}
              </Text>
            )}
            <Text size="sm">
              {t('spheres.home.languages', {
                languages: [s.languages.primary, ...s.languages.extras]
                  .map((l) => t(`language.${l}`))
                  .join(', '),
              })}
            </Text>
            <Text size="sm">{t(`spheres.access.${s.accessPolicy}`)}</Text>
            {s.email && <Text size="sm">{s.email}</Text>}
            <Text size="sm" c="dimmed">
              {t('spheres.home.since', { date: formatDate(new Date(s.createdAt)) })}
            </Text>
          </Stack>
        </Card>
      </SimpleGrid>
      {placeSections('sphere').map(({ id, component: Section }) => (
        <Suspense key={id} fallback={<Skeleton height={120} />}>
          <Section place={{ kind: 'sphere', sphere: s }} />
        </Suspense>
      ))}
      <SphereSessions sphereId={s.id} />
      {s.isMember && (
        <Group>
          <Button variant="subtle" color="red" onClick={() => leaving.ask()} data-testid="sphere-leave">
            {t('spheres.leave.open')}
          </Button>
        </Group>
      )}
      {leaving.dialog}
    </Stack>
  );
}
