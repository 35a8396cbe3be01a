import { Alert, Checkbox, Fieldset, Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  GROUP_MODULES,
  normalModules,
  type GroupModule,
  type GroupPlan,
} from '@shared/domain/group-licences';
import type { SessionCategory } from '@shared/domain/sessions';
import { licenceOf, useSphereLicences } from '../../lib/licences';

/** The plan and modules a group form sends. */
export interface GroupPlanValue {
  subscription: GroupPlan;
  subscriptionModules: GroupModule[];
}

const isPlan = (value: string): value is GroupPlan => value === 'starter' || value === 'essentials';

/**
 * A group's plan and modules (spec 01 §3, §7; decision 0050), taken from its sphere's licences:
 * Starter or Essentials (one Essentials licence for the whole group), and for a contributor group
 * the modules We-up, Alignia and Synéria, each one licence of its tier, only with Essentials. Each
 * choice says what is left of the sphere's licences; one with none left is disabled with the reason
 * in words, unless the group holds it already. While the licences are unknown (loading, failed)
 * nothing is disabled: the server still refuses with the licence keys.
 */
export function GroupPlanFields({
  sphereId,
  category,
  value,
  onChange,
  current,
  planError,
  modulesError,
}: {
  sphereId: string;
  category: SessionCategory;
  value: GroupPlanValue;
  onChange: (value: GroupPlanValue) => void;
  /** What the group holds now (its settings): keeping it takes no new licence. */
  current?: GroupPlanValue | undefined;
  planError?: string | undefined;
  modulesError?: string | undefined;
}) {
  const { t } = useTranslation();
  const licences = useSphereLicences(sphereId);
  const left = (tier: 'essentials' | GroupModule) => {
    const licence = licenceOf(licences.data, tier);
    return licence ? { remaining: licence.remaining, total: licence.count } : undefined;
  };
  const essentials = left('essentials');
  const essentialsBlocked =
    essentials !== undefined && essentials.remaining <= 0 && current?.subscription !== 'essentials';
  const withEssentials = value.subscription === 'essentials';

  return (
    <Fieldset legend={t('groups.plan.legend')} data-testid="group-plan">
      <Stack gap="sm">
        {licences.isError && (
          <Alert color="yellow" data-testid="group-plan-licences-error">
            {t('groups.plan.licencesUnknown')}
          </Alert>
        )}
        <Radio.Group
          label={t('groups.plan.label')}
          value={value.subscription}
          onChange={(next) => {
            if (!isPlan(next)) return;
            // Modules need Essentials: back to Starter, they go too.
            onChange({
              subscription: next,
              subscriptionModules: next === 'starter' ? [] : value.subscriptionModules,
            });
          }}
          description={
            essentialsBlocked
              ? t('groups.plan.noEssentialsLeft', { total: essentials.total })
              : essentials
                ? t('groups.plan.left', { remaining: essentials.remaining, total: essentials.total })
                : undefined
          }
          error={planError}
          data-testid="group-plan-subscription"
        >
          <Group gap="lg" mt="xs">
            <Radio value="starter" label={t('groups.plan.starter')} data-testid="group-plan-starter" />
            <Radio
              value="essentials"
              label={t('groups.subscription.essentials')}
              disabled={essentialsBlocked}
              data-testid="group-plan-essentials"
            />
          </Group>
        </Radio.Group>
        {category === 'contributor' && (
          <Checkbox.Group
            label={t('groups.plan.modules')}
            description={
              withEssentials ? t('groups.plan.modulesHelp') : t('groups.plan.modulesNeedEssentials')
            }
            value={value.subscriptionModules}
            onChange={(next) =>
              onChange({
                ...value,
                subscriptionModules: normalModules(GROUP_MODULES.filter((m) => next.includes(m))),
              })
            }
            error={modulesError}
            data-testid="group-plan-modules"
          >
            <Stack gap="xs" mt="xs">
              {GROUP_MODULES.map((module) => {
                const figures = left(module);
                const held = current?.subscriptionModules.includes(module) ?? false;
                const noneLeft = figures !== undefined && figures.remaining <= 0 && !held;
                return (
                  <Checkbox
                    key={module}
                    value={module}
                    label={t(`groups.modules.${module}`)}
                    disabled={!withEssentials || noneLeft}
                    description={
                      noneLeft
                        ? t('groups.plan.noModuleLeft', { total: figures.total })
                        : figures
                          ? t('groups.plan.left', { remaining: figures.remaining, total: figures.total })
                          : undefined
                    }
                    data-testid={`group-plan-module-${module}`}
                  />
                );
              })}
            </Stack>
          </Checkbox.Group>
        )}
        {licences.isPending && (
          <Text size="xs" c="dimmed" role="status" data-testid="group-plan-loading">
            {t('groups.plan.loading')}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
