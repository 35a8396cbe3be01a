import { useState } from 'react';
import { Alert, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '@shared/contracts/campaigns';
import type { Sphere } from '@shared/contracts/spheres';
import { textIn } from '@shared/domain/sessions';
import { LoadedSelect } from '../../components/loaded-select';
import { notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { useSphereGroupChoices, useSphereTagChoices, useUpdateCampaign } from './api/campaigns';
import { campaignBody, fieldMessages, useConflictReload } from './parts';

/**
 * The targets tab (spec 02 §2): who the campaign asks — every contributor of the sphere, or those
 * with one of the chosen tags or in one of the chosen groups.
 */
export function TargetsTab({ campaign, sphere }: { campaign: Campaign; sphere: Sphere }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const update = useUpdateCampaign(campaign.campaignId);
  const onConflict = useConflictReload(campaign.campaignId);
  const [tagIds, setTagIds] = useState(campaign.targets.tagIds);
  const [sessionIds, setSessionIds] = useState(campaign.targets.sessionIds);
  const [who, setWho] = useState<'all' | 'chosen'>(tagIds.length + sessionIds.length > 0 ? 'chosen' : 'all');
  const tags = useSphereTagChoices(sphere.id, who === 'chosen');
  const groups = useSphereGroupChoices(sphere.id, who === 'chosen');
  const problems = fieldMessages([], update.error, t);
  const submit = () => {
    const targets = who === 'all' ? { tagIds: [], sessionIds: [] } : { tagIds, sessionIds };
    update.mutate(
      { ...campaignBody(campaign), targets },
      { onSuccess: () => notifySuccess('campaigns.targets.saved'), onError: onConflict },
    );
  };
  return (
    <Stack data-testid="targets-tab">
      <Title order={2} size="h4">
        {t('campaigns.targets.title')}
      </Title>
      <Radio.Group
        value={who}
        onChange={(v) => setWho(v === 'chosen' ? 'chosen' : 'all')}
        label={t('campaigns.targets.who')}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="all" label={t('campaigns.targets.all')} data-testid="targets-all" />
          <Radio value="chosen" label={t('campaigns.targets.chosen')} data-testid="targets-chosen" />
        </Stack>
      </Radio.Group>
      {who === 'chosen' && (
        <>
          <LoadedSelect
            multiple
            query={tags}
            options={(data) =>
              data.items.map((tag) => ({ value: tag.id, label: textIn(tag.name, language) || tag.shortId }))
            }
            loadError={t('campaigns.measures.choicesError')}
            label={t('campaigns.targets.tags')}
            searchable
            value={tagIds}
            onChange={setTagIds}
            error={problems.messageFor('targets.tagIds')}
            data-testid="targets-tags"
          />
          <LoadedSelect
            multiple
            query={groups}
            options={(data) =>
              data.items.map((g) => ({ value: g.id, label: textIn(g.name, language) || g.id }))
            }
            loadError={t('campaigns.measures.choicesError')}
            label={t('campaigns.targets.groups')}
            searchable
            value={sessionIds}
            onChange={setSessionIds}
            error={problems.messageFor('targets.sessionIds')}
            data-testid="targets-groups"
          />
          <Text size="sm" c="dimmed">
            {t('campaigns.targets.chosenHint')}
          </Text>
        </>
      )}
      {problems.general.length > 0 && (
        <Alert color="red" role="alert" data-testid="targets-problem">
          {problems.general.join('; ')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={update.isPending} data-testid="targets-save">
          {t('campaigns.targets.save')}
        </Button>
      </Group>
    </Stack>
  );
}
