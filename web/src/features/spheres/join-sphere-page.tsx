import { useState } from 'react';
import { Alert, Button, Card, NativeSelect, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../components/notify';
import { errorMessages } from '../../lib/errors';
import { useMe } from '../../lib/me';
import { useJoinSphere } from './api/spheres';
import { spherePath } from './paths';

/**
 * Joining a sphere by its link or QR code (spec 01 §2 `/apps/spheres/{sphereId}/join/{accessCode}`,
 * §5 joining): the name to show there and one of the person's verified addresses; the sphere's
 * answer (a link no longer valid, a private sphere, an address outside its domains…) is said in
 * the person's language.
 */
export default function JoinSpherePage() {
  const { t } = useTranslation();
  const { sphereId = '', accessCode = '' } = useParams();
  const me = useMe();
  const navigate = useNavigate();
  const join = useJoinSphere(sphereId);
  const [name, setName] = useState<string | null>(null);
  const [email, setEmail] = useState<string | null>(null);

  if (me.isPending) return <Skeleton height={200} />;
  const profile = me.data?.profile;
  const verified = (me.data?.emails ?? []).filter((e) => e.isVerified);
  const shownName = name ?? [profile?.firstName, profile?.lastName].filter(Boolean).join(' ');
  const chosenEmail = email ?? verified[0]?.email ?? '';
  const alreadyMember = (me.data?.spheres ?? []).some((s) => s.id === sphereId);

  return (
    <Stack maw={560}>
      <Title order={1}>{t('spheres.join.title')}</Title>
      <Text c="dimmed">{t('spheres.join.intro')}</Text>
      {profile?.isGuest || verified.length === 0 ? (
        <Alert color="gray" data-testid="join-needs-address">
          {t('spheres.join.needsAddress')}
        </Alert>
      ) : (
        <Card withBorder>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              join.mutate(
                { sphereKey: accessCode, name: shownName.trim() || undefined, email: chosenEmail },
                {
                  onSuccess: (sphere) => {
                    notifySuccess('spheres.join.done', { values: { name: sphere.name } });
                    void navigate(spherePath(sphere.id));
                  },
                },
              );
            }}
            data-testid="join-form"
          >
            <Stack>
              <TextInput
                label={t('spheres.join.name')}
                description={t('spheres.join.nameHelp')}
                value={shownName}
                onChange={(e) => setName(e.currentTarget.value)}
                required
                data-testid="join-name"
              />
              <NativeSelect
                label={t('spheres.join.email')}
                value={chosenEmail}
                onChange={(e) => setEmail(e.currentTarget.value)}
                data={verified.map((e) => e.email)}
                data-testid="join-email"
              />
              {alreadyMember && <Text size="sm">{t('spheres.join.already')}</Text>}
              {join.isError && (
                <Alert color="red" role="alert" data-testid="join-error">
                  {errorMessages(join.error, t)}
                </Alert>
              )}
              <Button type="submit" loading={join.isPending} data-testid="join-submit">
                {t('spheres.join.submit')}
              </Button>
            </Stack>
          </form>
        </Card>
      )}
    </Stack>
  );
}
