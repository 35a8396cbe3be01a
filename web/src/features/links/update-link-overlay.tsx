import { Alert, Divider, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../components/notify';
import { errorMessages } from '../../lib/errors';
import type { OverlayProps } from '../../lib/overlays';
import { useLink, useUpdateLink } from './api/links';
import { LinkForm } from './link-form';
import { LinkLogo } from './link-logo';

/**
 * Overlay `updateLink` (spec 02 §2): the link's logo, saved at once by its own routes, then its
 * fields again; its place and category stay.
 */
export default function UpdateLinkOverlay({ params, done, close }: OverlayProps) {
  const { t } = useTranslation();
  const linkId = params.get('linkId') ?? '';
  const link = useLink(linkId);
  const update = useUpdateLink(linkId);
  if (link.isError)
    return (
      <Alert color="red" role="alert" data-testid="link-load-error">
        {errorMessages(link.error, t)}
      </Alert>
    );
  if (link.isPending) return <Skeleton height={420} />;
  return (
    <Stack>
      <LinkLogo link={link.data} />
      <Divider />
      <LinkForm
        link={link.data}
        target={{
          category: link.data.category,
          sphereId: link.data.sphereId,
          ...(link.data.sessionId ? { sessionId: link.data.sessionId } : {}),
        }}
        pending={update.isPending}
        error={update.error}
        onCancel={close}
        onSubmit={(body) =>
          update.mutate(body, {
            onSuccess: () => {
              notifySuccess('links.saved');
              done();
            },
          })
        }
      />
    </Stack>
  );
}
