import { Alert, Button, Group, Loader, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifySuccess } from '../../components/notify';
import type { TFunction } from 'i18next';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@shared/contracts/me';
import { MIN_BIRTH_YEAR, type ProfileUpdate } from '@shared/contracts/profile';
import type { OverlayProps } from '../../lib/overlays';
import { ErrorState } from '../../components/error-state';
import { useMe } from '../../lib/me';
import { currentLanguage, setLanguage } from '../../i18n';
import { DATE_FORMAT, parseDay } from '../../lib/dates';
import { ApiError, errorMessages, translateErrorItem } from '../../lib/errors';
import { useUpdateProfile } from './api/update-profile';
import { decodeError } from '../../lib/contract-form';
import { formValues, profileResolver, type ProfileFormValues } from './profile-form';

function errorText(message: string | undefined, t: TFunction): string | undefined {
  const item = decodeError(message);
  return item ? translateErrorItem(item, t) : undefined;
}

/** A refusal about fields is shown on the fields; anything else above the buttons. */
function onFields(error: unknown): boolean {
  return error instanceof ApiError && error.errors.some((e) => e.field?.startsWith('body.'));
}

function ProfileForm({ profile, done }: { profile: Profile; done: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    defaultValues: formValues(profile),
    resolver: profileResolver,
  });
  const { errors } = form.formState;
  const error = (name: keyof ProfileFormValues) => errorText(errors[name]?.message, t);

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await update.mutateAsync(body);
      await setLanguage(saved.locale);
      // In the language just chosen: this render's `t` still speaks the previous one.
      notifySuccess('profile.saved');
      done();
    } catch (failure) {
      if (failure instanceof ApiError) {
        for (const item of failure.errors) {
          const field = item.field?.replace(/^body\./, '') as keyof ProfileFormValues | undefined;
          if (field && field in form.getValues())
            form.setError(field, { type: item.key, message: JSON.stringify(item) });
        }
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="profile-form">
      <Stack>
        <TextInput
          label={t('profile.firstName')}
          required
          autoComplete="given-name"
          data-testid="profile-first-name"
          error={error('firstName')}
          {...form.register('firstName')}
        />
        <TextInput
          label={t('profile.lastName')}
          autoComplete="family-name"
          data-testid="profile-last-name"
          error={error('lastName')}
          {...form.register('lastName')}
        />
        <Controller
          control={form.control}
          name="birthYear"
          render={({ field }) => (
            <NumberInput
              label={t('profile.birthYear')}
              data-testid="profile-birth-year"
              min={MIN_BIRTH_YEAR}
              max={new Date().getFullYear()}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              value={field.value}
              onChange={(value) => field.onChange(typeof value === 'number' ? value : '')}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={error('birthYear')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="birthdate"
          render={({ field }) => (
            <DateInput
              label={t('profile.birthdate')}
              // Days as people here write them, in their language (spec 01 §9), whatever the browser.
              valueFormat={DATE_FORMAT}
              dateParser={parseDay}
              placeholder={t('profile.birthdatePlaceholder')}
              locale={currentLanguage()}
              minDate={`${MIN_BIRTH_YEAR}-01-01`}
              maxDate={new Date()}
              defaultLevel="decade"
              clearable
              autoComplete="bday"
              data-testid="profile-birthdate"
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={error('birthdate')}
            />
          )}
        />
        <NativeSelect
          label={t('profile.gender')}
          data-testid="profile-gender"
          error={error('gender')}
          data={[
            { value: '', label: t('profile.genders.unset') },
            { value: 'female', label: t('profile.genders.female') },
            { value: 'male', label: t('profile.genders.male') },
            { value: 'other', label: t('profile.genders.other') },
          ]}
          {...form.register('gender')}
        />
        <NativeSelect
          label={t('profile.unit')}
          data-testid="profile-unit"
          required
          error={error('unit')}
          data={[
            { value: 'metric', label: t('profile.units.metric') },
            { value: 'imperial', label: t('profile.units.imperial') },
          ]}
          {...form.register('unit')}
        />
        <NativeSelect
          label={t('profile.locale')}
          data-testid="profile-locale"
          required
          error={error('locale')}
          data={[
            { value: 'fr', label: t('language.fr') },
            { value: 'en', label: t('language.en') },
            { value: 'nl', label: t('language.nl') },
          ]}
          {...form.register('locale')}
        />
        {update.isError && !onFields(update.error) && (
          <Alert color="red" role="alert" data-testid="profile-error">
            {errorMessages(update.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            data-testid="profile-save"
            loading={update.isPending}
            disabled={update.isPending}
          >
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `?show=profile`: the signed-in user's profile (spec 01 §2 and §3 User). */
export default function ProfileOverlay({ done }: OverlayProps) {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) return <Loader aria-label={t('app.loading')} />;
  if (me.isError)
    return (
      <ErrorState
        title={t('profile.loadError')}
        error={me.error}
        onRetry={() => void me.refetch()}
        testId="profile-load-error"
      />
    );
  return <ProfileForm profile={me.data.profile} done={done} />;
}
