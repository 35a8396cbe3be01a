import { useId, useState } from 'react';
import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CRISIS_COUNTRIES,
  CRISIS_LINES,
  CRISIS_LINES_CHECKED_ON,
  isCrisisCountry,
  type CrisisCountry,
  type CrisisLine,
} from '@shared/domain/crisis-lines';
import { currentLanguage } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { crisisCountryOf } from './country';

function browserLanguage(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language;
}

function Line({ line }: { line: CrisisLine }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const hours = line.hours.always ? t('chat.safety.lines.always') : line.hours.text[language];
  const cost =
    line.free === true
      ? t('chat.safety.lines.free')
      : line.free === false
        ? t('chat.safety.lines.paid')
        : t('chat.safety.lines.costUnknown');
  return (
    <Paper component="li" withBorder p="sm" data-testid={`crisis-line-${line.id}`}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Title order={4} size="h5">
            {line.name}
          </Title>
          {line.emergency && (
            <Badge color="red.9" variant="filled">
              {t('chat.safety.lines.emergency')}
            </Badge>
          )}
        </Group>
        <Text size="sm">{line.description[language]}</Text>
        <Text size="sm">
          {hours} · {cost}
        </Text>
        <Group gap="xs" wrap="wrap">
          {line.voiceCall && (
            <Button
              component="a"
              href={`tel:${line.tel}`}
              color={line.emergency ? 'red.9' : undefined}
              data-testid={`crisis-call-${line.id}`}
            >
              {t('chat.safety.lines.call', { number: line.number })}
            </Button>
          )}
          {line.sms && (
            <Button component="a" href={line.sms} variant="light" data-testid={`crisis-sms-${line.id}`}>
              {t('chat.safety.lines.sms', { number: line.number })}
            </Button>
          )}
          {line.chat && (
            <Button
              component="a"
              href={line.chat.url}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              // Several lines have a chat: the name says which one, after the visible words.
              aria-label={`${t('chat.safety.lines.chat')} – ${line.name}`}
              data-testid={`crisis-chat-${line.id}`}
            >
              {t('chat.safety.lines.chat')}
            </Button>
          )}
        </Group>
        {!line.verified && (
          <Text size="xs" c="dimmed">
            {t('chat.safety.lines.unverified')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Who to call now (decision 0054, docs/crisis-lines.md): a country's lines from the reviewed data,
 * emergency numbers first, each with its hours, its cost and links that dial, text or chat. The
 * country starts from the browser's language region (`fr-BE`), else Belgium, and can be changed.
 */
export function CrisisLines() {
  const { t } = useTranslation();
  const [country, setCountry] = useState<CrisisCountry>(() => crisisCountryOf(browserLanguage()));
  const headingId = useId();
  // The data is kept in that order already; the sort keeps emergency numbers first whatever happens to it.
  const lines = [...CRISIS_LINES[country]].sort((a, b) => Number(b.emergency) - Number(a.emergency));
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="crisis-lines">
      <Title order={3} size="h4" id={headingId}>
        {t('chat.safety.lines.title')}
      </Title>
      <NativeSelect
        label={t('chat.safety.lines.country')}
        value={country}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isCrisisCountry(value)) setCountry(value);
        }}
        data={CRISIS_COUNTRIES.map((c) => ({ value: c, label: t(`chat.safety.countries.${c}`) }))}
        style={{ maxWidth: 320 }}
        data-testid="crisis-country"
      />
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {lines.map((line) => (
          <Line key={line.id} line={line} />
        ))}
      </Stack>
      <Text size="xs" c="dimmed">
        {t('chat.safety.lines.checkedOn', { date: formatDate(CRISIS_LINES_CHECKED_ON) })}
      </Text>
    </Stack>
  );
}
