import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SphereCreateSchema, type Sphere, type SphereCreateInput } from '@shared/contracts/spheres';
import { LANGUAGES, type Language } from '@shared/contracts/headers';
import { ACCESS_POLICIES, SPHERE_COUNTRIES, type AccessPolicy } from '@shared/domain/spheres';
import { translateErrorItem } from '../../lib/errors';
import { useFormProblems } from '../../lib/form-problems';
import { currentLanguage } from '../../i18n';
import { useSphereCategories } from './api/spheres';
import { SphereLogoField } from './sphere-logo';

interface Draft {
  name: string;
  shortName: string;
  category: string;
  email: string;
  phone: string;
  street1: string;
  postalCode: string;
  city: string;
  country: (typeof SPHERE_COUNTRIES)[number];
  latitude: number | string;
  longitude: number | string;
  maxDistance: number | string;
  domains: string[];
  accessPolicy: AccessPolicy;
  isStudyProgram: boolean;
  isTerminalEnabled: boolean;
  customizableThinkingAxes: boolean;
  strategyEnabled: boolean;
  primary: Language;
  extras: Language[];
  lowSecurity: boolean;
  lowSecurityLabel: Partial<Record<Language, string>>;
}

function draftOf(sphere: Sphere | undefined): Draft {
  return {
    name: sphere?.name ?? '',
    shortName: sphere?.shortName ?? '',
    category: sphere?.category ?? '',
    email: sphere?.email ?? '',
    phone: sphere?.phone ?? '',
    street1: sphere?.address.street1 ?? '',
    postalCode: sphere?.address.postalCode ?? '',
    city: sphere?.address.city ?? '',
    country: sphere?.address.country ?? 'BE',
    latitude: sphere?.address.latitude ?? '',
    longitude: sphere?.address.longitude ?? '',
    maxDistance: sphere?.maxFeelingDistanceKm ?? '',
    domains: sphere?.domains ?? [],
    accessPolicy: sphere?.accessPolicy ?? 'AUTH',
    isStudyProgram: sphere?.isStudyProgram ?? false,
    isTerminalEnabled: sphere?.isTerminalEnabled ?? false,
    customizableThinkingAxes: sphere?.customizableThinkingAxes ?? false,
    strategyEnabled: sphere?.strategyEnabled ?? false,
    primary: sphere?.languages.primary ?? currentLanguage(),
    extras: sphere?.languages.extras ?? [],
    lowSecurity: sphere?.lowSecurityAccessOptions.enabled ?? false,
    lowSecurityLabel: sphere?.lowSecurityAccessOptions.label ?? {},
  };
}

/** A text field left empty is not sent. */
const filled = (value: string) => (value.trim() === '' ? undefined : value.trim());

function bodyOf(draft: Draft): SphereCreateInput {
  const optional = (entries: Record<string, string | undefined>) =>
    Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));
  return {
    name: draft.name,
    ...optional({
      shortName: filled(draft.shortName),
      email: filled(draft.email),
      phone: filled(draft.phone),
    }),
    category: draft.category,
    ...(typeof draft.maxDistance === 'number' ? { maxFeelingDistanceKm: draft.maxDistance } : {}),
    address: {
      country: draft.country,
      ...(typeof draft.latitude === 'number' ? { latitude: draft.latitude } : {}),
      ...(typeof draft.longitude === 'number' ? { longitude: draft.longitude } : {}),
      ...optional({
        street1: filled(draft.street1),
        postalCode: filled(draft.postalCode),
        city: filled(draft.city),
      }),
    },
    domains: draft.domains,
    accessPolicy: draft.accessPolicy,
    isStudyProgram: draft.isStudyProgram,
    isTerminalEnabled: draft.isTerminalEnabled,
    customizableThinkingAxes: draft.customizableThinkingAxes,
    strategyEnabled: draft.strategyEnabled,
    languages: { primary: draft.primary, extras: draft.extras.filter((l) => l !== draft.primary) },
    lowSecurityAccessOptions: {
      enabled: draft.lowSecurity,
      label: Object.fromEntries(
        Object.entries(draft.lowSecurityLabel)
          .map(([l, v]) => [l, v?.trim() ?? ''])
          .filter(([, v]) => v),
      ),
    },
  } as SphereCreateInput;
}

/**
 * A sphere's identity and settings (spec 01 §3 Sphere, §5): name, category, contact, address in
 * BE, FR or LU, the domains members' addresses must end with, who may join, the study-programme,
 * terminal and strategy flags, and the languages. An extra language once offered cannot be removed. Checked
 * here with the contract's own rules, then by the server; its errors show on their fields.
 */
export function SphereForm({
  sphere,
  pending,
  error,
  submitLabel,
  onSubmit,
}: {
  sphere?: Sphere;
  pending: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (body: SphereCreateInput) => void;
}) {
  const { t } = useTranslation();
  const categories = useSphereCategories();
  const [draft, setDraft] = useState<Draft>(() => draftOf(sphere));
  const { all, general, messageFor, check, show } = useFormProblems(error);
  const kept = new Set<Language>(sphere ? [sphere.languages.primary, ...sphere.languages.extras] : []);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = () => {
    const body = bodyOf(draft);
    if (!check(SphereCreateSchema, body)) return;
    if (draft.accessPolicy === 'DOMAINS_ONLY' && draft.domains.length === 0) {
      show([{ key: 'required', field: 'body.domains' }]);
      return;
    }
    onSubmit(body);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
      data-testid="sphere-form"
    >
      <Stack>
        {/* A sphere being created has no logo yet: it is added from its settings. */}
        {sphere && <SphereLogoField sphere={sphere} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('spheres.form.name')}
            value={draft.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={messageFor('name')}
            required
            // A new sphere starts with its name; the settings page leaves the focus where it is.
            autoFocus={sphere === undefined}
            data-testid="sphere-name"
          />
          <TextInput
            label={t('spheres.form.shortName')}
            value={draft.shortName}
            onChange={(e) => set('shortName', e.currentTarget.value)}
            error={messageFor('shortName')}
            data-testid="sphere-short-name"
          />
          <NativeSelect
            label={t('spheres.form.category')}
            value={draft.category}
            onChange={(e) => set('category', e.currentTarget.value)}
            error={messageFor('category')}
            required
            data-testid="sphere-category"
            data={[
              { value: '', label: t('spheres.form.chooseCategory'), disabled: true },
              ...(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
          <TextInput
            type="email"
            label={t('spheres.form.email')}
            value={draft.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={messageFor('email')}
            data-testid="sphere-email"
          />
          <TextInput
            type="tel"
            label={t('spheres.form.phone')}
            description={t('spheres.form.phoneHelp')}
            value={draft.phone}
            onChange={(e) => set('phone', e.currentTarget.value)}
            error={messageFor('phone')}
            data-testid="sphere-phone"
          />
        </SimpleGrid>
        <Fieldset legend={t('spheres.form.address')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('spheres.form.street')}
              value={draft.street1}
              onChange={(e) => set('street1', e.currentTarget.value)}
              error={messageFor('address.street1')}
            />
            <TextInput
              label={t('spheres.form.postalCode')}
              value={draft.postalCode}
              onChange={(e) => set('postalCode', e.currentTarget.value)}
              error={messageFor('address.postalCode')}
            />
            <TextInput
              label={t('spheres.form.city')}
              value={draft.city}
              onChange={(e) => set('city', e.currentTarget.value)}
              error={messageFor('address.city')}
              data-testid="sphere-city"
            />
            <NativeSelect
              label={t('spheres.form.country')}
              value={draft.country}
              onChange={(e) => set('country', e.currentTarget.value as Draft['country'])}
              error={messageFor('address.country')}
              data={SPHERE_COUNTRIES.map((c) => ({ value: c, label: t(`spheres.countries.${c}`) }))}
              data-testid="sphere-country"
            />
            <NumberInput
              label={t('spheres.form.latitude')}
              value={draft.latitude}
              onChange={(v) => set('latitude', v)}
              min={-90}
              max={90}
              decimalScale={5}
              error={messageFor('address.latitude')}
              data-testid="sphere-latitude"
            />
            <NumberInput
              label={t('spheres.form.longitude')}
              value={draft.longitude}
              onChange={(v) => set('longitude', v)}
              min={-180}
              max={180}
              decimalScale={5}
              error={messageFor('address.longitude')}
              data-testid="sphere-longitude"
            />
            <NumberInput
              label={t('spheres.form.maxDistance')}
              description={t('spheres.form.maxDistanceHelp')}
              value={draft.maxDistance}
              onChange={(v) => set('maxDistance', v)}
              min={1}
              max={1000}
              allowDecimal={false}
              disabled={typeof draft.latitude !== 'number' || typeof draft.longitude !== 'number'}
              error={messageFor('maxFeelingDistanceKm')}
              data-testid="sphere-max-distance"
            />
          </SimpleGrid>
        </Fieldset>
        <Radio.Group
          label={t('spheres.form.access')}
          value={draft.accessPolicy}
          onChange={(value) => set('accessPolicy', value as AccessPolicy)}
        >
          <Stack mt="xs" gap="xs">
            {ACCESS_POLICIES.map((policy) => (
              <Radio
                key={policy}
                value={policy}
                label={t(`spheres.access.${policy}`)}
                description={t(`spheres.access.${policy}Help`)}
                data-testid={`sphere-access-${policy}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        <TagsInput
          label={t('spheres.form.domains')}
          description={t('spheres.form.domainsHelp')}
          value={draft.domains}
          onChange={(domains) => set('domains', domains)}
          error={messageFor('domains')}
          data-testid="sphere-domains"
        />
        <Fieldset legend={t('spheres.form.languages')}>
          <Stack gap="xs">
            <NativeSelect
              label={t('spheres.form.primaryLanguage')}
              value={draft.primary}
              onChange={(e) => set('primary', e.currentTarget.value as Language)}
              data={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
              data-testid="sphere-primary-language"
            />
            <Checkbox.Group
              label={t('spheres.form.extraLanguages')}
              description={t('spheres.form.extraLanguagesHelp')}
              value={draft.extras.filter((l) => l !== draft.primary)}
              onChange={(values) =>
                set('extras', [
                  ...new Set([...(values as Language[]), ...draft.extras.filter((l) => kept.has(l))]),
                ])
              }
              error={messageFor('languages')}
            >
              <Group mt="xs">
                {LANGUAGES.filter((l) => l !== draft.primary).map((l) => (
                  <Checkbox
                    key={l}
                    value={l}
                    label={t(`language.${l}`)}
                    disabled={kept.has(l) && sphere !== undefined}
                    data-testid={`sphere-extra-${l}`}
                  />
                ))}
              </Group>
            </Checkbox.Group>
          </Stack>
        </Fieldset>
        <Stack gap="xs">
          <Switch
            label={t('spheres.form.studyProgram')}
            description={t('spheres.form.studyProgramHelp')}
            checked={draft.isStudyProgram}
            onChange={(e) => set('isStudyProgram', e.currentTarget.checked)}
            data-testid="sphere-study-program"
          />
          <Switch
            label={t('spheres.form.terminal')}
            description={t('spheres.form.terminalHelp')}
            checked={draft.isTerminalEnabled}
            onChange={(e) => set('isTerminalEnabled', e.currentTarget.checked)}
          />
          <Switch
            label={t('spheres.form.customAxes')}
            checked={draft.customizableThinkingAxes}
            onChange={(e) => set('customizableThinkingAxes', e.currentTarget.checked)}
          />
          <Switch
            label={t('spheres.form.strategy')}
            description={t('spheres.form.strategyHelp')}
            checked={draft.strategyEnabled}
            onChange={(e) => set('strategyEnabled', e.currentTarget.checked)}
            data-testid="sphere-strategy-enabled"
          />
          <Switch
            label={t('spheres.form.lowSecurity')}
            description={t('spheres.form.lowSecurityHelp')}
            checked={draft.lowSecurity}
            onChange={(e) => set('lowSecurity', e.currentTarget.checked)}
            data-testid="sphere-low-security"
          />
          {draft.lowSecurity && sphere && (
            <Text size="sm" data-testid="sphere-low-security-link">
              {t('spheres.form.lowSecurityLink', {
                url: `${window.location.origin}/login?sphere=${encodeURIComponent(sphere.id)}`,
              })}
            </Text>
          )}
          {draft.lowSecurity && (
            <Fieldset legend={t('spheres.form.lowSecurityLabel')}>
              <Group grow align="flex-start">
                {[draft.primary, ...draft.extras.filter((l) => l !== draft.primary)].map((l) => (
                  <TextInput
                    key={l}
                    label={t(`language.${l}`)}
                    placeholder={t('spheres.form.lowSecurityLabelPlaceholder')}
                    value={draft.lowSecurityLabel[l] ?? ''}
                    onChange={(e) =>
                      set('lowSecurityLabel', { ...draft.lowSecurityLabel, [l]: e.currentTarget.value })
                    }
                    maxLength={40}
                    data-testid={`sphere-low-security-label-${l}`}
                  />
                ))}
              </Group>
            </Fieldset>
          )}
        </Stack>
        {general.length > 0 && (
          <Alert color="red" role="alert" data-testid="sphere-form-error">
            {general.map((item) => translateErrorItem(item, t)).join(' ')}
          </Alert>
        )}
        {all.some((p) => p.field) && (
          <Text size="sm" c="red" role="status">
            {t('spheres.form.fixFields')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={pending} data-testid="sphere-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
