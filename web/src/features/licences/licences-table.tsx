import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Licence } from '@shared/contracts/licences';
import type { Sphere } from '@shared/contracts/spheres';
import { LICENCE_COUNT_MAX, LICENCE_TIERS, type LicenceTier } from '@shared/domain/licences';
import { notifySuccess } from '../../components/notify';
import { errorMessages } from '../../lib/errors';
import { useSetSphereLicence } from './api/licences';

/** A tier's name, translated (Essentials, Premium, We-up, Alignia, Synéria). */
export const tierName = (tier: LicenceTier, t: TFunction) => t(`licences.tiers.${tier}`);

type UsageState = 'none' | 'available' | 'nearlyFull' | 'full';

/** How full a tier is, in a percentage and a word (the bar's colour is never the only signal). */
export function usageOf(licence: Licence): { percentage: number; state: UsageState } {
  if (licence.count <= 0) return { percentage: licence.used > 0 ? 100 : 0, state: 'none' };
  const percentage = Math.round((licence.used / licence.count) * 100);
  if (licence.remaining <= 0) return { percentage, state: 'full' };
  return { percentage, state: percentage >= 80 ? 'nearlyFull' : 'available' };
}

const COLOURS: Record<UsageState, string> = {
  none: 'gray',
  available: 'teal',
  nearlyFull: 'orange',
  full: 'red',
};

function UsageGauge({ licence }: { licence: Licence }) {
  const { t } = useTranslation();
  const { percentage, state } = usageOf(licence);
  const stateText = t(`licences.table.states.${state}`);
  return (
    <Stack gap={4} miw={140}>
      <Text size="sm" data-testid="licence-usage">
        {t('licences.table.usageText', {
          used: licence.used,
          total: licence.count,
          remaining: licence.remaining,
        })}
      </Text>
      <Text size="xs" data-testid="licence-state">
        {t('licences.table.percent', { percentage, state: stateText })}
      </Text>
      <Progress.Root>
        <Progress.Section
          value={Math.min(percentage, 100)}
          color={COLOURS[state]}
          aria-label={t('licences.table.gauge', {
            tier: tierName(licence.tier, t),
            percentage,
            state: stateText,
          })}
        />
      </Progress.Root>
    </Stack>
  );
}

/** The count of one tier, set from its row: a refusal shows on the field, a success as a toast. */
function CountForm({ sphereId, licence }: { sphereId: string; licence: Licence }) {
  const { t } = useTranslation();
  const set = useSetSphereLicence(sphereId);
  const [value, setValue] = useState<string | number>(licence.count);
  const [missing, setMissing] = useState(false);
  // A count read again (saved here, or changed elsewhere) replaces what the field shows.
  const [shown, setShown] = useState(licence.count);
  if (shown !== licence.count) {
    setShown(licence.count);
    setValue(licence.count);
  }
  const name = tierName(licence.tier, t);
  const error = missing ? t('errors.required') : set.isError ? errorMessages(set.error, t) : undefined;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (value === '' || typeof value !== 'number') {
          setMissing(true);
          return;
        }
        setMissing(false);
        set.mutate(
          { tier: licence.tier, quantity: value },
          {
            onSuccess: () =>
              notifySuccess('licences.table.saved', { values: { tier: name, quantity: value } }),
          },
        );
      }}
      data-testid={`licence-form-${licence.tier}`}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <NumberInput
          size="xs"
          w={120}
          min={0}
          max={LICENCE_COUNT_MAX}
          allowDecimal={false}
          allowNegative={false}
          aria-label={t('licences.table.newCountOf', { tier: name })}
          value={value}
          onChange={(next) => {
            setValue(next);
            setMissing(false);
            if (set.isError) set.reset();
          }}
          error={error}
          data-testid={`licence-input-${licence.tier}`}
        />
        <Button
          type="submit"
          size="xs"
          variant="light"
          loading={set.isPending}
          aria-label={t('licences.table.saveOf', { tier: name })}
          data-testid={`licence-save-${licence.tier}`}
        >
          {t('licences.table.save')}
        </Button>
      </Group>
    </form>
  );
}

/**
 * Every tier's licences (spec 02 §7): held, used, left, how full in words and a bar, and the count
 * to set. A tier the answer lacks shows as none held, so its count can still be set.
 */
export function LicencesTable({ sphere, licences }: { sphere: Sphere; licences: readonly Licence[] }) {
  const { t } = useTranslation();
  const rows = LICENCE_TIERS.map(
    (tier): Licence => licences.find((l) => l.tier === tier) ?? { tier, count: 0, used: 0, remaining: 0 },
  );
  const none = rows.every((l) => l.count === 0 && l.used === 0);
  return (
    <section aria-labelledby="licences-counts-title">
      <Title order={2} size="h3" id="licences-counts-title" mb="xs">
        {t('licences.table.title')}
      </Title>
      {none && (
        <Alert color="blue" mb="sm" data-testid="licences-empty">
          {t('licences.table.empty')}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table striped withTableBorder data-testid="licences-table">
          <Table.Caption>{t('licences.table.caption', { name: sphere.name })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('licences.table.tier')}</Table.Th>
              <Table.Th scope="col">{t('licences.table.count')}</Table.Th>
              <Table.Th scope="col">{t('licences.table.used')}</Table.Th>
              <Table.Th scope="col">{t('licences.table.remaining')}</Table.Th>
              <Table.Th scope="col">{t('licences.table.usage')}</Table.Th>
              <Table.Th scope="col">{t('licences.table.newCount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((licence) => (
              <Table.Tr key={licence.tier} data-testid={`licence-${licence.tier}`}>
                <Table.Th scope="row">{tierName(licence.tier, t)}</Table.Th>
                <Table.Td data-testid="licence-count">{licence.count}</Table.Td>
                <Table.Td data-testid="licence-used">{licence.used}</Table.Td>
                <Table.Td data-testid="licence-remaining">{licence.remaining}</Table.Td>
                <Table.Td>
                  <UsageGauge licence={licence} />
                </Table.Td>
                <Table.Td>
                  <CountForm sphereId={sphere.id} licence={licence} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
