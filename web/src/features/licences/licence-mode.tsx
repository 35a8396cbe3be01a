import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LICENCE_MODES, canChangeLicenceMode, type LicenceMode } from '@shared/domain/licences';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifySuccess } from '../../components/notify';
import { superAdminModeOn } from '../../lib/api';
import { useSetSphereLicenceMode } from './api/licences';

/**
 * The sphere's licence mode (spec 02 §4): by invoice, automatic or legacy, or not chosen yet. Bill
 * or auto is chosen once, after a confirmation that says so; legacy is offered in the super-admin
 * mode only, with the same confirmation. A refusal (`licence-mode-fixed`) shows in the dialog.
 */
export function LicenceModeSection({ sphereId, mode }: { sphereId: string; mode: LicenceMode | undefined }) {
  const { t } = useTranslation();
  const superAdmin = superAdminModeOn();
  const set = useSetSphereLicenceMode(sphereId);
  const [asked, setAsked] = useState<LicenceMode | null>(null);
  const choices = LICENCE_MODES.filter((m) => m !== mode && canChangeLicenceMode(mode, m, superAdmin));
  const name = (m: LicenceMode) => t(`licences.mode.names.${m}`);
  const close = () => {
    setAsked(null);
    set.reset();
  };
  return (
    <section aria-labelledby="licence-mode-title">
      <Title order={2} size="h3" id="licence-mode-title" mb="xs">
        {t('licences.mode.title')}
      </Title>
      <Stack gap="sm">
        <Text data-testid="licence-mode-current">
          {t('licences.mode.current', { mode: mode ? name(mode) : t('licences.mode.notChosen') })}
        </Text>
        {mode && (
          <Text size="sm" c="dimmed">
            {t(`licences.mode.descriptions.${mode}`)}
          </Text>
        )}
        {choices.length > 0 && (
          <Card withBorder data-testid="licence-mode-choices">
            <Stack gap="sm">
              <Text size="sm">
                {t(mode === undefined ? 'licences.mode.chooseIntro' : 'licences.mode.legacyIntro')}
              </Text>
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {choices.map((choice) => (
                  <li key={choice}>
                    <Group gap="sm" wrap="wrap">
                      <Button
                        variant="light"
                        size="xs"
                        onClick={() => {
                          set.reset();
                          setAsked(choice);
                        }}
                        data-testid={`licence-mode-choose-${choice}`}
                      >
                        {t('licences.mode.choose', { mode: name(choice) })}
                      </Button>
                      <Text size="sm">{t(`licences.mode.descriptions.${choice}`)}</Text>
                    </Group>
                  </li>
                ))}
              </Stack>
            </Stack>
          </Card>
        )}
      </Stack>
      {asked && (
        <ConfirmDialog
          opened
          title={t('licences.mode.confirmTitle', { mode: name(asked) })}
          confirmLabel={t('licences.mode.confirm', { mode: name(asked) })}
          cancelLabel={t('licences.mode.cancel')}
          onConfirm={() =>
            set.mutate(asked, {
              onSuccess: () => {
                setAsked(null);
                notifySuccess('licences.mode.saved', { values: { mode: name(asked) } });
              },
            })
          }
          onCancel={close}
          pending={set.isPending}
          error={set.isError ? set.error : undefined}
          destructive={false}
          testId="licence-mode"
        >
          <Text size="sm" data-testid="licence-mode-warning">
            {t(asked === 'legacy' ? 'licences.mode.confirmLegacy' : 'licences.mode.confirmMessage')}
          </Text>
        </ConfirmDialog>
      )}
    </section>
  );
}
