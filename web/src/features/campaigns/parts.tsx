import { Badge, Fieldset, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/contracts/headers';
import type { MultilingualText } from '@shared/contracts/text';
import type { CampaignStatus, CycleStatus, PreparationStatus } from '@shared/domain/campaigns';
import { ApiError, errorItems, translateErrorItem } from '../../lib/errors';
import type { FieldError } from '@shared/contracts/errors';
import type { Campaign, CampaignUpdateInput } from '@shared/contracts/campaigns';
import { notifications } from '@mantine/notifications';
import { closeButtonProps, LONG_TOAST_DURATION_MS } from '../../components/notify';
import i18n from '../../i18n';
import { useReloadCampaign } from './api/campaigns';

const CAMPAIGN_STATUS_COLOURS: Record<CampaignStatus, string> = {
  draft: 'gray',
  inProgress: 'green',
  collectionClosed: 'yellow',
  analysisInProgress: 'blue',
  analysisClosed: 'teal',
  cancelled: 'red',
  closed: 'dark',
};
const PREPARATION_COLOURS: Record<PreparationStatus, string> = {
  making: 'gray',
  scheduled: 'blue',
  collecting: 'green',
  closed: 'dark',
  cancelled: 'red',
};
const CYCLE_STATUS_COLOURS: Record<CycleStatus, string> = {
  draft: 'gray',
  scheduled: 'blue',
  inProgress: 'green',
  processing: 'yellow',
  closed: 'dark',
  cancelled: 'red',
};

/** A status as a badge whose text says it (the colour never alone). */
export function StatusBadge(
  props:
    | { kind: 'campaign'; status: CampaignStatus; testId?: string }
    | { kind: 'preparation'; status: PreparationStatus; testId?: string }
    | { kind: 'cycle'; status: CycleStatus; testId?: string },
) {
  const { t } = useTranslation();
  const colour =
    props.kind === 'campaign'
      ? CAMPAIGN_STATUS_COLOURS[props.status]
      : props.kind === 'preparation'
        ? PREPARATION_COLOURS[props.status]
        : CYCLE_STATUS_COLOURS[props.status];
  return (
    // The text stays dark on the tinted background: readable whatever the colour.
    <Badge color={colour} variant="light" c="dark.8" tt="none" data-testid={props.testId}>
      {t(`campaigns.status.${props.kind}.${props.status}`)}
    </Badge>
  );
}

/** One text in each language of the sphere, the primary first. */
export function MultilingualInput({
  label,
  value,
  languages,
  onChange,
  multiline = false,
  error,
  testId,
}: {
  label: string;
  value: MultilingualText;
  languages: readonly Language[];
  onChange: (value: MultilingualText) => void;
  multiline?: boolean;
  error?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={label} data-testid={testId}>
      <Stack gap="xs">
        {languages.map((language) => {
          const props = {
            label: `${label} (${t(`campaigns.languages.${language}`)})`,
            value: value[language] ?? '',
            onChange: (e: { currentTarget: { value: string } }) =>
              onChange({ ...value, [language]: e.currentTarget.value }),
            'data-testid': `${testId}-${language}`,
            lang: language,
          };
          return multiline ? (
            <Textarea key={language} autosize minRows={2} {...props} />
          ) : (
            <TextInput key={language} {...props} />
          );
        })}
        {error && (
          <div role="alert" style={{ color: 'var(--mantine-color-red-9)', fontSize: 14 }}>
            {error}
          </div>
        )}
      </Stack>
    </Fieldset>
  );
}

/** The languages a campaign of this sphere is written in: the sphere's primary one, then its extras. */
export function sphereLanguages(sphere: {
  languages: { primary: Language; extras: Language[] };
}): Language[] {
  return [sphere.languages.primary, ...sphere.languages.extras.filter((l) => l !== sphere.languages.primary)];
}

/**
 * The messages of field problems: those found before sending and those the server answered (its
 * fields come as `start` or `body.start`). `messageFor('start')` gives the first on that field or
 * inside it.
 */
export function fieldMessages(
  found: readonly FieldError[],
  serverError: unknown,
  t: (key: string) => string,
) {
  const all = [...found, ...(serverError instanceof ApiError ? errorItems(serverError) : [])].map((p) =>
    p.field?.startsWith('body.') ? { ...p, field: p.field.slice(5) } : p,
  );
  const translate = (item: FieldError) =>
    translateErrorItem(item, t as Parameters<typeof translateErrorItem>[1]);
  return {
    all,
    general: all.filter((p) => !p.field).map(translate),
    messageFor(field: string): string | undefined {
      const item = all.find((p) => p.field === field || p.field?.startsWith(`${field}.`));
      return item ? translate(item) : undefined;
    },
  };
}

/** `datetime-local` text (the browser's time) of an ISO instant, or '' when there is none. */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The ISO instant of a `datetime-local` text, or undefined when it is empty or not a date. */
export function fromLocalInput(text: string): string | undefined {
  if (!text) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Whether a 409 answer says someone else changed the record since it was read. */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.keys.includes('conflict');
}

/** The campaign's own fields as a PUT sends them back, with the `updateDate` read. */
export function campaignBody(campaign: Campaign): CampaignUpdateInput {
  return {
    name: campaign.name,
    internalLabel: campaign.internalLabel,
    publicName: campaign.publicName,
    code: campaign.code,
    description: campaign.description,
    timezone: campaign.timezone,
    tags: campaign.tags,
    useSphereLogo: campaign.useSphereLogo,
    start: campaign.start,
    end: campaign.end,
    mode: campaign.mode,
    templateModel: campaign.templateModel,
    defaultLocale: campaign.defaultLocale,
    firstMessage: campaign.firstMessage,
    welcomeMessage: campaign.welcomeMessage,
    endMessage: campaign.endMessage,
    endRedirectUrl: campaign.endRedirectUrl,
    linkExpiration: campaign.linkExpiration,
    qrStepNumber: campaign.qrStepNumber,
    allowGuest: campaign.allowGuest,
    allowDelegation: campaign.allowDelegation,
    targets: campaign.targets,
    updateDate: campaign.updateDate,
  };
}

/**
 * What a save does when someone else changed the campaign since it was read (409 `conflict`): says
 * so, and reads the campaign again, so the form starts over on their version.
 */
export function useConflictReload(campaignId: string) {
  const reload = useReloadCampaign(campaignId);
  return (error: unknown) => {
    if (!isConflict(error)) return;
    notifications.show({
      color: 'yellow',
      message: i18n.t('campaigns.settings.conflict'),
      autoClose: LONG_TOAST_DURATION_MS,
      closeButtonProps: closeButtonProps(),
    });
    void reload();
  };
}

/** A new id for a measure, a question or a notification: unique within its campaign. */
export function newId(): string {
  return crypto.randomUUID();
}
