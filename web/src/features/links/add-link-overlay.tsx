import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LINK_CATEGORIES, type LinkCategory } from '@shared/domain/links';
import { notifySuccess } from '../../components/notify';
import type { OverlayProps } from '../../lib/overlays';
import { useCreateLink } from './api/links';
import { LinkForm, type LinkTarget } from './link-form';

/** The place of a new link, read from the overlay's query parameters; null when incomplete. */
export function targetOf(params: URLSearchParams): LinkTarget | null {
  const category = params.get('category') as LinkCategory | null;
  const sphereId = params.get('sphereId') ?? '';
  const sessionId = params.get('sessionId') ?? undefined;
  const campaignId = params.get('campaignId') ?? undefined;
  if (!category || !LINK_CATEGORIES.includes(category) || sphereId === '') return null;
  if (category === 'session' && !sessionId) return null;
  if (category === 'campaign' && !campaignId) return null;
  return {
    category,
    sphereId,
    ...(category === 'session' && sessionId ? { sessionId } : {}),
    ...(category === 'campaign' && campaignId ? { campaignId } : {}),
  };
}

/** Overlay `addLink` (spec 02 §2): a new link of a sphere, a session or a campaign. */
export default function AddLinkOverlay({ params, done, close }: OverlayProps) {
  const { t } = useTranslation();
  const create = useCreateLink();
  const target = targetOf(params);
  if (!target)
    return (
      <Alert color="red" role="alert">
        {t('errors.invalid-link')}
      </Alert>
    );
  return (
    <LinkForm
      target={target}
      pending={create.isPending}
      error={create.error}
      onCancel={close}
      onSubmit={(body) =>
        create.mutate(body as Parameters<typeof create.mutate>[0], {
          onSuccess: () => {
            notifySuccess('links.created');
            done();
          },
        })
      }
    />
  );
}
